import { NOT_FOUND } from '../lib/page-not-found';
import { MARKET } from './browse';
import { askAboutAnother } from './capability-probe';
import { callApi } from './client';
import { list, record, toAlbum, toArtist, toPage, toTrack } from './normalize';
import { ApiError } from './errors';
import type { Album, Artist, Page, Track } from './types';
import { ownId, type DetailAsk, type DetailPage, type DetailSeed } from './page-shapes';

/** DESIGN §2: development mode allows at most 10 albums per page, so every profile asks 10. */
export const ARTIST_ALBUMS_PAGE = 10;

/** GET artists/{id}. */
export async function getArtist(id: string): Promise<Artist> {
  const artist = toArtist(await callApi({ path: `artists/${encodeURIComponent(id)}`, name: 'artist', catalogue: true }));
  if (!artist) throw new ApiError('http', NOT_FOUND.artist, 404);
  return artist;
}

/** GET artists/{id}/albums, at most 10 per page. */
export async function getArtistAlbums(id: string, offset = 0, limit = ARTIST_ALBUMS_PAGE): Promise<Page<Album>> {
  const body = await callApi({
    path: `artists/${encodeURIComponent(id)}/albums`,
    query: { limit: Math.min(limit, ARTIST_ALBUMS_PAGE), offset },
    name: 'artist-albums',
    catalogue: true,
  });
  return toPage(body, toAlbum);
}

/** GET artists/{id}/top-tracks (Popular Tracks); gone in development mode. */
export async function getArtistTopTracks(id: string): Promise<Track[]> {
  const body = await callApi({
    path: `artists/${encodeURIComponent(id)}/top-tracks`,
    query: { market: MARKET },
    name: 'artist-top-tracks',
    catalogue: true,
    capability: 'artistTopTracks',
    probe: () => askAboutAnother('artist', id, 'top-tracks', { market: MARKET }),
  });
  return list(record(body).tracks)
    .map((track) => toTrack(track))
    .filter((track): track is Track => track !== null);
}

/** GET artists/{id}/related-artists (Fans Also like); gone in development mode. */
export async function getRelatedArtists(id: string): Promise<Artist[]> {
  const body = await callApi({
    path: `artists/${encodeURIComponent(id)}/related-artists`,
    name: 'related-artists',
    catalogue: true,
    capability: 'relatedArtists',
    probe: () => askAboutAnother('artist', id, 'related-artists'),
  });
  return list(record(body).artists)
    .map(toArtist)
    .filter((artist): artist is Artist => artist !== null);
}

type ArtistSections = { topTracks: Track; relatedArtists: Artist };
type ArtistLists = { albums: Album };

/** /artist/{id}/albums: the artist (its heading) and the first page of its albums with their Saves. */
export const artistAlbumsOnly: DetailAsk<ArtistSections, ArtistLists> = { sections: [], own: false };
/** /artist/{id}/related-artists: the artist (its heading) and Fans Also like in full with their Follows. */
export const relatedArtistsOnly: DetailAsk<ArtistSections, ArtistLists> = { sections: ['relatedArtists'], lists: [], own: false };

/**
 * The artist pages: the artist (Follow), Popular Tracks and Fans Also like (each hidden when it
 * fails, DESIGN §2), Albums By {artist} 10 per page (development mode's most, DESIGN §2).
 */
export const artistPage: DetailPage<Artist, ArtistSections, ArtistLists> = {
  load: getArtist,
  library: 'artist',
  sections: {
    topTracks: { load: (id) => getArtistTopTracks(id), library: { kind: 'track', idOf: ownId } },
    relatedArtists: { load: (id) => getRelatedArtists(id), library: { kind: 'artist', idOf: ownId } },
  },
  lists: { albums: { load: getArtistAlbums, limit: ARTIST_ALBUMS_PAGE, library: { kind: 'album', idOf: ownId } } },
};

/** What the server renders for the artist pages (each asks only what it shows). */
export type ArtistSeed = DetailSeed<typeof artistPage>;
