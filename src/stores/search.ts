import { atom, map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { search, searchType, SEE_ALL_LIMIT } from '../api/search';
import type { Album, Artist, Playlist, SearchResults, SearchType, Track } from '../api/types';
import { navigateTo } from '../lib/navigation';
import { isSearchType, seeAllWordsOfRoute } from '../lib/search-query';
import type { SearchSeed, SeeAllSeed } from '../api/page-seeds';
import { categoriesArea } from './browse';
import { adoptLibraryFlags, checkLibraryOf, checkLikesOf, librarySnapshot } from './library';
import { $pageAsOf } from './page-memory';
import { listArea } from './list-area';
import { createPagedList } from './paged-list';
import { onRoute } from './route';
import { $searchQuery } from './search-box';
import { createAdoptionMark } from './adoption-mark';

interface SearchState {
  query: string;
  loading: boolean;
  error: unknown;
  results: SearchResults | null;
}

const initial = (): SearchState => ({ query: '', loading: false, error: null, results: null });

/** The search page's results for q: Songs, Artist, Album, Playlist (10 each). */
export const $search = map<SearchState>(initial());

/** Searches all four types; an empty query clears the results (the category browse shows instead). */
export async function runSearch(query: string): Promise<void> {
  const q = query.trim();
  if (q === '') return clearSearch();
  $search.set({ ...$search.get(), query: q, loading: true, error: null });
  try {
    const results = await search(q);
    if ($search.get().query === q) $search.set({ query: q, loading: false, error: null, results });
  } catch (error) {
    // A newer search cancelled this one and owns the state.
    if (isCanceled(error)) return;
    if ($search.get().query === q) $search.set({ query: q, loading: false, error, results: null });
  }
}

/** Leaving search clears its state (SPEC §4). */
export function clearSearch(): void {
  $search.set(initial());
  seeAllList.reset();
}


/** Whether a search found nothing in any of its four sections ("No Search Result Found"). */
export function isEmptyResult(results: SearchResults): boolean {
  return [results.tracks, results.artists, results.albums, results.playlists].every((page) => page.items.length === 0);
}

export type SeeAllItem = Track | Artist | Album | Playlist;

/** The open see-all list: its type and query, as the route gives them. */
export const $seeAll = atom<{ type: SearchType; query: string }>({ type: 'track', query: '' });

/** /search/{type}/{query}: one type's results, paged (20 where the provider allows, else 10). */
export const seeAllList = createPagedList<SeeAllItem>(async (offset) => {
  const { type, query } = $seeAll.get();
  return searchType(query, type, offset);
}, SEE_ALL_LIMIT);

// The q whose results the page adopted from the server: entering /search with it asks nothing.
const adoptedQuery = createAdoptionMark();

/** /search as the server rendered it: its results (or the category browse) and the flags of what they show. */
export const searchPage = {
  snapshotOf: (seed: SearchSeed) =>
    new Map<unknown, unknown>([
      [$searchQuery, seed.query],
      [$search, stateOf(seed)],
      ...(seed.categories ? categoriesArea.snapshotOf(seed.categories) : []),
      ...librarySnapshot(seed.flags),
    ]),
  adopt: (seed: SearchSeed) => {
    adoptLibraryFlags(seed.flags, $pageAsOf.get());
    if (seed.categories) categoriesArea.adopt(seed.categories);
    if (seed.query !== '') adoptedQuery.mark(seed.query);
    $search.set(stateOf(seed));
  },
};

function stateOf(seed: SearchSeed): SearchState {
  if (seed.query === '') return initial();
  return { query: seed.query, loading: false, error: seed.results ? null : new Error('The search failed on the server'), results: seed.results ?? null };
}

// /search?q runs the search (no q: the category browse shows); leaving search clears it (SPEC §4).
onMount($search, () =>
  onRoute(
    ['search'],
    () => {
      const query = $searchQuery.get();
      if (!adoptedQuery.take(query)) void runSearch(query);
    },
    () => {
      adoptedQuery.clear();
      clearSearch();
    },
  ),
);

// /search/{type}/{query} opens its see-all list (from memory on return); any
// other type goes to / replacing history (SPEC §5).
const seeAllArea = listArea(seeAllList, ['seeAll'], {
  start: (route) => {
    const type = route.params.searchType ?? '';
    if (isSearchType(type)) $seeAll.set({ type, query: seeAllWordsOfRoute(route.params.searchQuery ?? '', route.search) });
    else {
      $seeAll.set({ type: 'track', query: '' });
      navigateTo('/', { replace: true });
    }
  },
});

/** /search/{type}/{query} as the server rendered it: its first page, under its type and query. */
export const seeAllPage = {
  snapshotOf: (seed: SeeAllSeed) => new Map<unknown, unknown>([...seeAllArea.snapshotOf(seed), [$seeAll, { type: seed.type, query: seed.query }]]),
  adopt: (seed: SeeAllSeed) => {
    $seeAll.set({ type: seed.type, query: seed.query });
    seeAllArea.adopt(seed);
  },
};

// The hearts of the Songs section and of a track see-all list.
checkLikesOf($search, (state) => state.results?.tracks.items.map((track) => track.id) ?? []);
checkLikesOf(seeAllList.$state, (state) => ($seeAll.get().type === 'track' ? state.list.map((item) => item.id) : []));

// Save and Follow on the album and artist cards of the results and see-all lists.
checkLibraryOf('album', $search, (state) => state.results?.albums.items.map((album) => album.id) ?? []);
checkLibraryOf('artist', $search, (state) => state.results?.artists.items.map((artist) => artist.id) ?? []);
checkLibraryOf('album', seeAllList.$state, (state) => ($seeAll.get().type === 'album' ? state.list.map((item) => item.id) : []));
checkLibraryOf('artist', seeAllList.$state, (state) => ($seeAll.get().type === 'artist' ? state.list.map((item) => item.id) : []));
