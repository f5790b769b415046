import { computed } from 'nanostores';
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

/**
 * The search box's text as the route gives it: a new object on every route change
 * (a page, q, back or forward), on which the box drops what was typed and shows q.
 */
export const $searchBoxStart = computed($route, (route) => ({ query: searchQueryOf(route) }));

/** Focusing the search box opens /search, unless it is already open. */
export function openSearch(): void {
  if ($route.get()?.name !== 'search') navigateTo(searchHref(null));
}

/** Enter in the search box: q becomes the trimmed text; whitespace only removes q. */
export function submitSearch(text: string): void {
  navigateTo(searchHref(queryFromText(limitSearchText(text))));
}

/** The search box's clear icon: removes q (the category browse shows). */
export function clearSearchQuery(): void {
  navigateTo(searchHref(null));
}
