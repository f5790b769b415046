import { map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { search, SEARCH_TYPES, searchType } from '../api/search';
import type { Album, Artist, Playlist, SearchResults, SearchType, Track } from '../api/types';
import { navigateTo } from '../lib/navigation';
import { createPagedList } from './paged-list';
import { onRoute } from './route';

/** SPEC §5: search text is limited to 30 characters. */
export const SEARCH_MAX_LENGTH = 30;

/** Whether a route segment is one of SPEC §5's search types. */
export function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

/** The text typed into the search box, cut to 30 characters (typing beyond is ignored). */
export function limitSearchText(text: string): string {
  return text.slice(0, SEARCH_MAX_LENGTH);
}

/** The q to put in the URL on Enter: trimmed text, or null (remove q) for whitespace only. */
export function queryFromText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export interface SearchState {
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

/** Whether a results section shows See all: exactly 10 items (SPEC §9). */
export function hasSeeAll(items: readonly unknown[]): boolean {
  return items.length === 10;
}

type SeeAllItem = Track | Artist | Album | Playlist;
let seeAll: { query: string; type: SearchType } = { query: '', type: 'track' };

/** /search/{type}/{query}: one type's results, paged (20 where the provider allows, else 10). */
export const seeAllList = createPagedList<SeeAllItem>((offset) => searchType(seeAll.query, seeAll.type, offset), 20);

/** Opens a see-all list. */
export async function loadSeeAll(type: SearchType, query: string): Promise<void> {
  seeAll = { type, query };
  seeAllList.reset();
  await seeAllList.loadFirstPage();
}

// /search?q runs the search (no q: the category browse shows); leaving search clears it (SPEC §4).
onMount($search, () =>
  onRoute(['search'], (route) => void (route.search.q ? runSearch(limitSearchText(route.search.q)) : clearSearch()), clearSearch),
);

// /search/{type}/{query} opens its see-all list; any other type goes to / replacing history (SPEC §5).
onMount(seeAllList.$state, () =>
  onRoute(['seeAll'], (route) => {
    const type = route.params.searchType ?? '';
    if (isSearchType(type)) void loadSeeAll(type, route.params.searchQuery ?? '');
    else navigateTo('/', { replace: true });
  }),
);
