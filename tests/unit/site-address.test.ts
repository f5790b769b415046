import { describe, expect, it } from 'vitest';

// scripts/lib/site-address.mjs: an address that is not valid percent-encoding still reaches a page of the site.
const { addressForSite, NOT_FOUND_PATH } = (await import(new URL('../../scripts/lib/site-address.mjs', import.meta.url).href)) as {
  addressForSite(url: string): string;
  NOT_FOUND_PATH: string;
};

describe('the address the site is given', () => {
  it('is the request’s own when it decodes, escapes, non-Latin text and queries included', () => {
    for (const url of ['/', '/album/6TFskxaqMRhjyU6TCPwI0g', '/artist/%3Cscript%3E', '/search?q=%E0%A4%A6%E0%A4%BF%E0%A4%B2', '/search?q=100%25']) {
      expect(addressForSite(url)).toBe(url);
    }
  });

  it('reads a lone % as itself, so the page of the route says what it does not find', () => {
    expect(addressForSite('/album/%%%')).toBe('/album/%25%25%25');
    expect(addressForSite('/search?q=50%')).toBe('/search?q=50%25');
    expect(addressForSite('/user/%zz')).toBe('/user/%25zz');
  });

  it('gives Page Not Found for escapes that make no text (no UTF-8), which no repair reads', () => {
    expect(NOT_FOUND_PATH).toBe('/404');
    expect(addressForSite('/album/%FF')).toBe(NOT_FOUND_PATH);
    // %ba is an escape (of a byte that starts no character), not a lone % and two letters.
    expect(addressForSite('/album/%%%bad')).toBe(NOT_FOUND_PATH);
    expect(addressForSite('/search?q=%E0%A4')).toBe(NOT_FOUND_PATH);
  });
});
