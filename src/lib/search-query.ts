import { hrefOf, pathSegmentOf } from './routes';
import { cutText } from './text-cut';

/** SPEC §5: the search types a see-all list may name, in the order results show them. */
export const SEARCH_TYPES = ['track', 'artist', 'album', 'playlist'] as const;

export type SearchType = (typeof SEARCH_TYPES)[number];

/** What a see-all page lists, its heading's first word (`Songs “lo-fi”`) and its tab's. */
export const SEE_ALL_TITLES: Record<SearchType, string> = { track: 'Songs', artist: 'Artists', album: 'Albums', playlist: 'Playlists' };

/** Whether a route segment is one of SPEC §5's search types. */
export function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

// SPEC §5's search-box rules, pure and free of stores, so the top bar's box
// (on every page) carries no data-store code. The search store re-exports them.

/**
 * The q of a search address; of several (`?q=a&q=b`), the last, as the browser's router reads
 * the query, so that the page the server rendered and its islands show the same search.
 */
export function queryParamOf(params: URLSearchParams): string | null {
  return params.getAll('q').at(-1) ?? null;
}

/** SPEC §5: search text is limited to 30 characters. */
export const SEARCH_MAX_LENGTH = 30;

/**
 * The text typed into the search box, cut to 30 characters (typing beyond is
 * ignored). Counted as the input's maxLength counts (UTF-16 units), never
 * splitting an emoji in half.
 */
export function limitSearchText(text: string): string {
  return cutText(text, SEARCH_MAX_LENGTH);
}

/** What a search cannot be about: control characters (a NUL from `?q=%00` showed as '�'). */
const CONTROL = /\p{Cc}/gu;
/** A character a person sees: not a space, a control character or an invisible format mark (a zero-width space). */
const VISIBLE = /[^\s\p{Cc}\p{Cf}]/u;

/** The q to put in the URL on Enter: trimmed text without control characters, or null (remove q) for nothing visible. */
export function queryFromText(text: string): string | null {
  const trimmed = text.replace(CONTROL, ' ').trim();
  return VISIBLE.test(trimmed) ? trimmed : null;
}

/** The q of /search as the page and its search box show it (cut to 30, trimmed); '' without one. */
export function shownQueryOf(q: string | null | undefined): string {
  return queryFromText(limitSearchText(q ?? '')) ?? '';
}

/** The search page's address for a q (null: the category browse, no q). */
export function searchHref(query: string | null): string {
  return query === null || query === '' ? hrefOf('search') : `${hrefOf('search')}?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * A section's See all: /search/{type}/{query}, the query kept exactly (quotes, %, emoji, slashes).
 * Words that are a dot segment ('.' or '..') cannot be a path's segment: every URL parser takes
 * them, escaped or not, for "this folder" and "the folder above" (/search/track/.. is /search/).
 * Their link is the stand-in's, the words in its query.
 */
export function seeAllHref(type: SearchType, query: string): string {
  if (query !== '.' && query !== '..') return hrefOf('seeAll', { searchType: type, searchQuery: query });
  const words = new URLSearchParams({ [SEE_ALL_WORDS_PARAM]: pathSegmentOf(query) });
  return `${hrefOf('seeAll', { searchType: type, searchQuery: SEE_ALL_STAND_IN })}?${words.toString()}`;
}

/**
 * A see-all page whose words Astro cannot read from its path ('/', '?' or '#' beside a space or
 * a letter beyond ASCII: "AC/DC live") reaches the site at this stand-in segment with the words,
 * as the path held them, in this query parameter (scripts/lib/site-address.mjs, whose names
 * these are: tests/unit/site-address.test.ts holds them equal). The browser's address is the link's.
 */
export const SEE_ALL_STAND_IN = '-';
export const SEE_ALL_WORDS_PARAM = 'words';

/**
 * The see-all words of the browser's route: its segment, as the router decoded it, or the words a
 * stand-in link carries (a dot segment's, `seeAllHref`). Read by the site's own rule
 * (`seeAllWordsOf`), given the segment as the address held it.
 */
export function seeAllWordsOfRoute(segment: string, search: Readonly<Record<string, string>>): string {
  return seeAllWordsOf(pathSegmentOf(segment), new URLSearchParams(search)) ?? segment;
}

/**
 * The see-all words the site was given (its route's segment, or the stand-in's parameter): the
 * text as typed, cut to SPEC §9's 30 characters as a search's (an address typed by hand may hold
 * more); null when unreadable.
 */
export function seeAllWordsOf(segment: string, params: URLSearchParams): string | null {
  const words = segment === SEE_ALL_STAND_IN ? params.getAll(SEE_ALL_WORDS_PARAM).at(-1) : undefined;
  try {
    return seeAllTextOf(decodeURIComponent(words ?? segment));
  } catch {
    return null;
  }
}

/** See-all words as a search takes them: 30 characters (SPEC §9), no control characters (a NUL went raw into the page's title). */
export function seeAllTextOf(words: string): string {
  return limitSearchText(words.replace(CONTROL, ' '));
}

