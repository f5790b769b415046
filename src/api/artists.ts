import { MARKET } from './browse';
import { callApi } from './client';
import { list, record, toAlbum, toArtist, toPage, toTrack } from './normalize';
import { ApiError } from './errors';
import type { Album, Artist, Page, Track } from './types';

/** DESIGN §2: development mode allows at most 10 albums per page, so every profile asks 10. */
export const ARTIST_ALBUMS_PAGE = 10;

/** GET artists/{id}. */
export async function getArtist(id: string): Promise<Artist> {
  const artist = toArtist(await callApi({ path: `artists/${encodeURIComponent(id)}`, name: 'artist', catalogue: true }));
  if (!artist) throw new ApiError('http', 'Artist Not Found', 404);
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
  });
  return list(record(body).artists)
    .map(toArtist)
    .filter((artist): artist is Artist => artist !== null);
}
