import { describe, expect, it } from 'vitest';
import { hrefOf } from '../../src/lib/routes';
import { SEE_ALL_STAND_IN, SEE_ALL_WORDS_PARAM, seeAllHref, seeAllWordsOf } from '../../src/lib/search-query';

// scripts/lib/site-address.mjs: an address that is not valid percent-encoding, or that Astro would
// take for a second level of encoding, still reaches a page of the site.
const site = (await import(new URL('../../scripts/lib/site-address.mjs', import.meta.url).href)) as {
  addressForSite(url: string): string;
  NOT_FOUND_PATH: string;
  SEE_ALL_STAND_IN: string;
  SEE_ALL_WORDS_PARAM: string;
  DETAIL_STAND_IN: string;
};
const { addressForSite, NOT_FOUND_PATH } = site;

/** Astro 5's own rule for a path (astro/dist/core/util/pathname.js): what it reads, or why it refuses. */
function astroReads(path: string): string {
  const decoded = decodeURI(path);
  if (decoded !== path && /%[0-9a-fA-F]{2}/.test(decoded)) throw new Error('Multi-level URL encoding is not allowed');
  return decoded;
}

/** What the see-all page reads from the address the site is given (its segment, or the stand-in's words). */
function wordsRead(address: string): string | null {
  const url = new URL(address, 'http://site.test');
  return seeAllWordsOf(url.pathname.split('/')[3]!, url.searchParams);
}

describe('the address the site is given', () => {
  it('is the request’s own when it decodes, escapes, non-Latin text and queries included', () => {
    for (const url of ['/', '/album/6TFskxaqMRhjyU6TCPwI0g', '/artist/%3Cscript%3E', '/search?q=%E0%A4%A6%E0%A4%BF%E0%A4%B2', '/search?q=100%25']) {
      expect(addressForSite(url)).toBe(url);
    }
  });

  it('reads a lone % in the path as itself, so the page of the route says what it does not find', () => {
    expect(addressForSite('/album/%%%')).toBe('/album/%25%25%25');
    expect(addressForSite('/user/%zz')).toBe('/user/%25zz');
  });

  it('passes the query on as it came: Astro reads it with URLSearchParams, which takes any escape (a Latin-1 link gave Page Not Found)', () => {
    for (const url of ['/search?q=50%', '/search?q=caf%E9', '/search?q=%E0%A4', '/album/abc?utm=%FF']) expect(addressForSite(url)).toBe(url);
  });

  it('gives Page Not Found for a path whose escapes make no text (no UTF-8), which no repair reads', () => {
    expect(NOT_FOUND_PATH).toBe('/404');
    expect(addressForSite('/album/%FF')).toBe(NOT_FOUND_PATH);
    // %ba is an escape (of a byte that starts no character), not a lone % and two letters.
    expect(addressForSite('/album/%%%bad')).toBe(NOT_FOUND_PATH);
  });

  it("brings every see-all link to its page with its words exactly, where Astro refuses the link's path ('/', '?' or '#' beside a space or a letter beyond ASCII)", () => {
    expect([site.SEE_ALL_STAND_IN, site.SEE_ALL_WORDS_PARAM]).toEqual([SEE_ALL_STAND_IN, SEE_ALL_WORDS_PARAM]);
    const queries = ['AC/DC live', 'what? now', 'C# minor', 'Yusuf / Cat Stevens', '😀/x', 'שלום/עולם', 'ça/va', '50%41 / x', 'a/b?c#d&e=f', 'Simon & Garfunkel', '100% Sol', '-', '.', '..'];
    let refused = 0;
    for (const query of queries) {
      const link = seeAllHref('track', query);
      const address = addressForSite(link);
      try {
        astroReads(link);
      } catch {
        refused += 1;
      }
      // Astro reads the address it is given, and the page reads the words typed from it.
      expect(() => astroReads(new URL(address, 'http://site.test').pathname), query).not.toThrow();
      expect(wordsRead(address), query).toBe(query);
    }
    // The case is real: most of these links Astro would refuse as they are.
    expect(refused).toBeGreaterThanOrEqual(7);
    // A query string the link had is kept beside the words.
    expect(addressForSite(`${seeAllHref('album', 'AC/DC live')}?from=home`)).toBe(`/search/album/${SEE_ALL_STAND_IN}?from=home&${SEE_ALL_WORDS_PARAM}=${encodeURIComponent('AC%2FDC%20live')}`);
    // Another path Astro refuses is still not found.
    expect(addressForSite('/collection/%3Cb%3E%2F')).toBe(NOT_FOUND_PATH);
  });

  it("brings a detail page whose id Astro refuses (an encoded '/' beside another escape) to its page, which says the entity is not found, not to Page Not Found", () => {
    const ids = ['<b>x</b>', 'a/b c', ' /', '"/', 'ça/va'];
    const links = ids.flatMap((id) => [
      hrefOf('album', { albumId: id }),
      hrefOf('artist', { artistId: id }),
      hrefOf('artistAlbums', { artistId: id }),
      hrefOf('relatedArtists', { artistId: id }),
      hrefOf('playlist', { playlistId: id }),
      hrefOf('user', { userId: id }),
    ]);
    for (const link of links) {
      expect(() => astroReads(link), link).toThrow();
      const address = addressForSite(`${link}?from=x`);
      // The same route, its id one no entity has ('/' alone), which Astro reads.
      expect(address, link).toBe(`${link.replace(/^(\/[a-z]+\/)[^/]+/, `$1${site.DETAIL_STAND_IN}`)}?from=x`);
      expect(() => astroReads(new URL(address, 'http://site.test').pathname), link).not.toThrow();
    }
    expect(addressForSite('/album/%3Cb%3Ex%3C%2Fb%3E')).toBe('/album/%2F');
    // Not a detail page's path: an album has no lists of its own, and /user/me's pages have fixed names.
    expect(addressForSite('/album/%22%2F/albums')).toBe(NOT_FOUND_PATH);
    expect(addressForSite('/user/me/%22%2F')).toBe(NOT_FOUND_PATH);
  });
});
