import { atom, computed, onMount } from 'nanostores';
import { navigateTo } from '../lib/navigation';
import { limitSearchText, queryFromText, searchHref, shownQueryOf } from '../lib/search-query';
import { $route, type Route } from './route';

// The search box's q lives in the URL (SPEC §5): it is read from the route
// (@nanostores/router's search parameters) and written by navigating, so Astro's
// ClientRouter keeps the history. Apart from search.ts, so the top bar's box
// (on every page) loads no search data code.

/** The q a route gives the search page (cut to 30, trimmed); '' off /search and without q. */
export const searchQueryOf = (route: Route | null): string => (route?.name === 'search' ? shownQueryOf(route.search.q) : '');

/** The q of /search as the page uses it (cut to 30, trimmed); '' elsewhere, and on /search without q. */
export const $searchQuery = computed($route, searchQueryOf);

/** What the search box shows on a route until the user types: the route's q, and which start it is. */
export interface SearchBoxStart {
  query: string;
  onSearch: boolean;
  /** Text typed over an older start is dropped: the box shows `query` instead. */
  generation: number;
}

/**
 * The box's start after a route change (pure). A new route (a page, q, back or forward) drops what
 * was typed and shows q, but for the ones the box itself starts: from another page to /search
 * without q (its focus), the letters typed while /search loads (or before the top bar hydrated)
 * carry on; and the /search its Enter or clear icon asked for (`askedByBox`, that q or ''), the
 * letters typed while a slow answer came carry on (they were thrown away as the results came).
 */
export function searchBoxStartAfter(previous: SearchBoxStart, route: Route | null, askedByBox?: string): SearchBoxStart {
  const query = searchQueryOf(route);
  const onSearch = route?.name === 'search';
  const opened = !previous.onSearch && onSearch && query === '';
  const asked = onSearch && askedByBox !== undefined && query === askedByBox;
  return { query, onSearch, generation: opened || asked ? previous.generation : previous.generation + 1 };
}

/**
 * The q the box has sent the app to /search with (Enter, the clear icon: '' for none), while the
 * route has not followed yet. The client router gives the box its focus back as it swaps the new
 * page in, before the route changes: that focus must not send the app on to the bare /search,
 * over the q an Enter asked for.
 */
let askedByBox: string | undefined;

/** The search box's start on the current route (searchBoxStartAfter, each time the route changes). */
export const $searchBoxStart = atom<SearchBoxStart>({ query: '', onSearch: false, generation: 0 });
onMount($searchBoxStart, () =>
  $route.subscribe((route) => {
    const asked = askedByBox;
    askedByBox = undefined;
    $searchBoxStart.set(searchBoxStartAfter($searchBoxStart.get(), route, asked));
  }),
);

function goToSearch(query: string | null): void {
  askedByBox = query ?? '';
  navigateTo(searchHref(query));
}

/** Focusing the search box opens /search, unless it is open or on its way. */
export function openSearch(): void {
  if ($route.get()?.name !== 'search' && askedByBox === undefined) goToSearch(null);
}

/** Enter in the search box: q becomes the trimmed text; whitespace only removes q. */
export function submitSearch(text: string): void {
  goToSearch(queryFromText(limitSearchText(text)));
}

/** The search box's clear icon: removes q (the category browse shows). */
export function clearSearchQuery(): void {
  goToSearch(null);
}
