import { NOT_FOUND } from '../lib/page-not-found';
import { callApi } from './client';
import { record, toAlbum, toPage, toTrack } from './normalize';
import type { Album, AlbumRef, Page, SavedAlbum, Track } from './types';
import { ApiError } from './errors';
import { ownId, type DetailPage, type DetailSeed } from './page-shapes';

/** SPEC §9: album tracks are 10 per page. */
export const ALBUM_TRACKS_PAGE = 10;
/** SPEC §7: the album page asks 20 tracks first. */
export const ALBUM_FIRST_TRACKS = 20;

/** The album's tracks carry no album (the provider leaves it out): the album they belong to, for their covers and links. */
export function withAlbum(page: Page<Track>, album: Album): Page<Track> {
  const ref: AlbumRef = { id: album.id, name: album.name, images: album.images };
  return { ...page, items: page.items.map((track) => ({ ...track, album: track.album ?? ref })) };
}

/** GET albums/{id}. */
export async function getAlbum(id: string): Promise<Album> {
  const album = toAlbum(await callApi({ path: `albums/${encodeURIComponent(id)}`, name: 'album', catalogue: true }));
  if (!album) throw new ApiError('http', NOT_FOUND.album, 404);
  return album;
}

/** GET albums/{id}/tracks; the album's tracks carry no album, so the caller's album is attached. */
export async function getAlbumTracks(
  id: string,
  offset = 0,
  limit = ALBUM_TRACKS_PAGE,
  album: Album | null = null,
): Promise<Page<Track>> {
  const body = await callApi({ path: `albums/${encodeURIComponent(id)}/tracks`, query: { limit, offset }, name: 'album-tracks', catalogue: true });
  const ref: AlbumRef | null = album ? { id: album.id, name: album.name, images: album.images } : null;
  return toPage(body, (item) => toTrack(item, ref));
}

/** GET me/albums: the saved albums, each wrapped under `album`. */
export async function getSavedAlbums(offset = 0, limit = 20): Promise<Page<SavedAlbum>> {
  const body = await callApi({ path: 'me/albums', query: { limit, offset }, name: 'saved-albums' });
  return toPage(body, (item) => {
    const album = toAlbum(record(item).album);
    return album ? { album, addedAt: typeof record(item).added_at === 'string' ? (record(item).added_at as string) : null } : null;
  });
}

/** /album/{id}: the album (Save), its numbered tracks with their hearts. */
export const albumPage: DetailPage<Album, Record<string, never>, { tracks: Track }> = {
  load: getAlbum,
  library: 'album',
  lists: {
    tracks: {
      load: (id, offset, limit) => getAlbumTracks(id, offset, limit),
      limit: ALBUM_TRACKS_PAGE,
      firstLimit: ALBUM_FIRST_TRACKS,
      ofEntity: withAlbum,
      library: { kind: 'track', idOf: ownId },
    },
  },
};

/** What the server renders for /album/{id}. */
export type AlbumSeed = DetailSeed<typeof albumPage>;
