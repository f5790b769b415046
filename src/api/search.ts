import { callApi, isCapabilityUsable, markCapabilityAvailable, markCapabilityMissing } from './client';
import { statusOf } from './errors';
import { record, toAlbum, toArtist, toPage, toPlaylist, toTrack } from './normalize';
import { SEARCH_TYPES } from '../lib/search-query';
import type { Album, Artist, Page, Playlist, SearchResults, SearchType, Track } from './types';

/** SPEC §9: the search page asks 10 per type. */
const SEARCH_LIMIT = 10;
/** SPEC §7: see-all asks 20; development mode allows at most 10 (DESIGN §2). */
export const SEE_ALL_LIMIT = 20;


function resultsOf(body: unknown): SearchResults {
  const data = record(body);
  return {
    tracks: toPage(data.tracks, (item) => toTrack(item)),
    artists: toPage(data.artists, toArtist),
    albums: toPage(data.albums, toAlbum),
    // Playlist items may be null and are dropped (SPEC §3).
    playlists: toPage(data.playlists, toPlaylist),
  };
}

/** GET search?q&type=…&limit=10&offset=0 for several types at once. */
export async function search(
  query: string,
  types: readonly SearchType[] = SEARCH_TYPES,
  limit = SEARCH_LIMIT,
  offset = 0,
  name = 'search',
): Promise<SearchResults> {
  const body = await callApi({ path: 'search', query: { q: query, type: types.join(','), limit, offset }, name, catalogue: true });
  return resultsOf(body);
}

type ItemOf<T extends SearchType> = T extends 'track' ? Track : T extends 'artist' ? Artist : T extends 'album' ? Album : Playlist;

function pageOf<T extends SearchType>(results: SearchResults, type: T): Page<ItemOf<T>> {
  const pages = { track: results.tracks, artist: results.artists, album: results.albums, playlist: results.playlists };
  return pages[type] as Page<ItemOf<T>>;
}

/**
 * See-all: one type, 20 per page where the provider allows it. Development
 * mode answers 400 to a limit above 10; that is learnt once and pages of 10
 * are asked from then on.
 */
export async function searchType<T extends SearchType>(query: string, type: T, offset = 0): Promise<Page<ItemOf<T>>> {
  // Nothing to look for (a see-all address of spaces): nothing found, and nothing asked, which the
  // provider would refuse with a 400 that says nothing about page sizes.
  if (query.trim() === '') return { items: [], offset: 0, limit: 0, total: 0 };
  if (await isCapabilityUsable('largeSearchPages')) {
    try {
      const body = await callApi({
        path: 'search',
        query: { q: query, type, limit: SEE_ALL_LIMIT, offset },
        name: 'search-see-all',
        catalogue: true,
        quietStatuses: [400],
      });
      markCapabilityAvailable('largeSearchPages');
      return pageOf(resultsOf(body), type);
    } catch (error) {
      if (statusOf(error) !== 400) throw error;
      // The page size was refused, or the query: a page of 10 answered tells it was the size.
      const page = pageOf(await search(query, [type], SEARCH_LIMIT, offset, 'search-see-all'), type);
      markCapabilityMissing('largeSearchPages');
      return page;
    }
  }
  return pageOf(await search(query, [type], SEARCH_LIMIT, offset, 'search-see-all'), type);
}
