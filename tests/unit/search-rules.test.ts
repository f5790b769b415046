import { describe, expect, it } from 'vitest';
import type { Page, SearchResults } from '../../src/api/types';
import { isSearchType, limitSearchText, queryFromText, searchHref, seeAllHref, seeAllWordsOfRoute, queryParamOf } from '../../src/lib/search-query';
import { hasSeeAll, hasSeeAllAtLeast, SECTION_SIZE } from '../../src/lib/see-all';
import { isEmptyResult } from '../../src/stores/search';
import { parseRoute } from '../../src/stores/route';
import { searchBoxStartAfter, type SearchBoxStart } from '../../src/stores/search-box';

const page = <T>(items: T[]): Page<T> => ({ items, offset: 0, limit: 10, total: items.length });
const results = (counts: [number, number, number, number]): SearchResults => ({
  tracks: page(Array.from({ length: counts[0] }, () => ({}) as never)),
  artists: page(Array.from({ length: counts[1] }, () => ({}) as never)),
  albums: page(Array.from({ length: counts[2] }, () => ({}) as never)),
  playlists: page(Array.from({ length: counts[3] }, () => ({}) as never)),
});

describe("SPEC §5's search rules", () => {
  it('keeps 30 characters of what is typed, never half an emoji', () => {
    expect(limitSearchText('x'.repeat(31))).toBe('x'.repeat(30));
    expect(limitSearchText('ਸ'.repeat(30))).toHaveLength(30);
    expect(limitSearchText(`${'a'.repeat(29)}🎵b`)).toBe('a'.repeat(29));
    expect(limitSearchText(`${'a'.repeat(28)}🎵b`)).toBe(`${'a'.repeat(28)}🎵`);
  });

  it('Enter trims; whitespace only removes q', () => {
    expect(queryFromText('  lo fi  ')).toBe('lo fi');
    expect(queryFromText(' \t ')).toBeNull();
    // Nothing a person sees is nothing to search: zero-width spaces; control characters go.
    expect(queryFromText('\u200B\u200B\u200B')).toBeNull();
    expect(queryFromText('\u0000')).toBeNull();
    expect(queryFromText('lo\u0000fi')).toBe('lo fi');
    expect(queryFromText('\u200Dx')).toBe('\u200Dx');
    expect(searchHref(null)).toBe('/search');
    expect(searchHref('')).toBe('/search');
  });

  it("a see-all address typed with more than 30 characters searches the first 30, as the box does", () => {
    const route = parseRoute(seeAllHref('track', 'q'.repeat(2_000)));
    expect(seeAllWordsOfRoute(route!.params.searchQuery!, route!.search)).toBe('q'.repeat(30));
    // Nor a control character, which went raw into the page's title.
    const nul = parseRoute('/search/track/a%00b');
    expect(seeAllWordsOfRoute(nul!.params.searchQuery!, nul!.search)).toBe('a b');
  });

  it('odd queries survive the round trip through the URL exactly', () => {
    for (const query of ['"Sol" -Mar', '100% Sol', 'Sol 🎵 Vida', 'a/b?c#d&e=f', 'AND OR NOT *', 'ਸੋਹਣੀ ਸੁਪਨੇ']) {
      expect(parseRoute(searchHref(query))).toMatchObject({ name: 'search', search: { q: query } });
      expect(parseRoute(seeAllHref('track', query))).toMatchObject({ name: 'seeAll', params: { searchType: 'track', searchQuery: query } });
    }
  });

  it("a see-all of '.' or '..' keeps its page: its link is not a dot segment, which a browser resolves away (/search/track/.. is /search/)", () => {
    for (const query of ['.', '..', '-', '...', '.a']) {
      const link = seeAllHref('track', query);
      expect(new URL(link, 'http://site.test').pathname, query).toMatch(/^\/search\/track\/[^/]+$/);
      const route = parseRoute(link);
      expect(route).toMatchObject({ name: 'seeAll', params: { searchType: 'track' } });
      expect(seeAllWordsOfRoute(route!.params.searchQuery!, route!.search), query).toBe(query);
    }
  });

  it('checks the see-all type and shows See all at exactly 10 items', () => {
    expect(['track', 'artist', 'album', 'playlist'].every(isSearchType)).toBe(true);
    expect(isSearchType('podcast')).toBe(false);
    expect(SECTION_SIZE).toBe(10);
    expect(hasSeeAll(10)).toBe(true);
    expect(hasSeeAll(9)).toBe(false);
    expect(hasSeeAll(11)).toBe(false);
    // Related artists and new releases: 10 or more.
    expect(hasSeeAllAtLeast(9)).toBe(false);
    expect(hasSeeAllAtLeast(10)).toBe(true);
    expect(hasSeeAllAtLeast(11)).toBe(true);
  });

  it('says "No Search Result Found" only when all four sections are empty', () => {
    expect(isEmptyResult(results([0, 0, 0, 0]))).toBe(true);
    expect(isEmptyResult(results([0, 0, 0, 1]))).toBe(false);
    expect(isEmptyResult(results([3, 0, 0, 0]))).toBe(false);
  });
});

describe("the search box's start after a route change (what typed text survives)", () => {
  const home: SearchBoxStart = { query: '', onSearch: false, generation: 4 };
  const after = (start: SearchBoxStart, href: string) => searchBoxStartAfter(start, parseRoute(href));

  it('keeps what was typed when the box opens /search from another page (its focus did)', () => {
    expect(after(home, '/search')).toEqual({ query: '', onSearch: true, generation: 4 });
  });

  it("keeps it on the /search the box's own Enter or clear icon asked for, however slow it comes", () => {
    const onSearch: SearchBoxStart = { query: 'love', onSearch: true, generation: 7 };
    expect(searchBoxStartAfter(onSearch, parseRoute('/search?q=night'), 'night')).toEqual({ query: 'night', onSearch: true, generation: 7 });
    expect(searchBoxStartAfter(onSearch, parseRoute('/search'), '').generation).toBe(7);
    // Another q than asked (Back pressed meanwhile), or another page: dropped.
    expect(searchBoxStartAfter(onSearch, parseRoute('/search?q=love'), 'night').generation).toBe(8);
    expect(searchBoxStartAfter(onSearch, parseRoute('/album/abc'), 'night').generation).toBe(8);
  });

  it('drops it on any other change: another page, q, a q that arrives, leaving /search', () => {
    expect(after(home, '/album/abc').generation).toBe(5);
    expect(after(home, '/search?q=Sol')).toEqual({ query: 'Sol', onSearch: true, generation: 5 });
    const onSearch: SearchBoxStart = { query: '', onSearch: true, generation: 7 };
    expect(after(onSearch, '/search').generation).toBe(8);
    expect(after(onSearch, '/search?q=a').generation).toBe(8);
    expect(after(onSearch, '/').generation).toBe(8);
    expect(after(home, '/nowhere/at/all')).toEqual({ query: '', onSearch: false, generation: 5 });
  });
});


describe('the q of a search address', () => {
  it('is the last of several, as the browser reads it, so the server renders the search its islands show', () => {
    expect(queryParamOf(new URLSearchParams('q=a&q=b'))).toBe('b');
    expect(queryParamOf(new URLSearchParams('q=Sol'))).toBe('Sol');
    expect(queryParamOf(new URLSearchParams('type=track'))).toBeNull();
    // The router's own reading of the same query, which the page's islands follow.
    expect(Object.fromEntries(new URLSearchParams('q=a&q=b')).q).toBe('b');
  });
});
