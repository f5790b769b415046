import { describe, expect, it } from 'vitest';
import { backAddressOf, LIBRARY_FORM_ID, libraryChangeOf, libraryFormButton } from '../../src/lib/library-form';
import { SESSION_ROUTES } from '../../src/lib/site-request';
import { isAllowedRequest } from '../../src/server/request-guard';
import { accessOf } from '../../src/server/route-access';

// The library's buttons with JavaScript off (src/lib/library-form.ts): what the library route
// (src/pages/session/library.ts) takes from a posted form, and where it sends the browser back.

const SITE = 'https://music.example';
const form = (fields: [string, string][]) => new URLSearchParams(fields);

describe("a library button's form", () => {
  it("offers the change its label says, as the route reads it back: the item's kind and id, in or out", () => {
    for (const [kind, id, inLibrary] of [['track', 't1', false], ['album', 'a1', true], ['artist', 'ar1', false], ['user', 'aarav.sharma', true], ['playlist', 'p1', false]] as const) {
      const button = libraryFormButton(kind, id, inLibrary);
      expect(button).toMatchObject({ type: 'submit', form: LIBRARY_FORM_ID });
      // The browser posts the button's name and value with the form's own fields.
      expect(libraryChangeOf(form([['back', '/'], [button.name, button.value]]))).toEqual({ kind, id, inLibrary: !inLibrary });
    }
  });

  it('asks for nothing the page could not have offered: one change, a kind of the library, an id of the provider\'s shape, a playlist only put in', () => {
    const refused: [string, string][][] = [
      [],
      [['back', '/']],
      [['add', 'track:t1'], ['remove', 'track:t1']],
      [['add', 'track:t1'], ['add', 'track:t2']],
      [['add', 't1']],
      [['add', 'show:t1']],
      [['add', 'constructor:t1']],
      [['add', 'track:']],
      [['add', 'track:t1,t2']],
      [['add', 'track:t 1']],
      [['add', 'track:../me']],
      [['add', `track:${'x'.repeat(101)}`]],
      [['remove', 'playlist:p1']],
    ];
    for (const fields of refused) expect(libraryChangeOf(form(fields)), JSON.stringify(fields)).toBeNull();
    expect(libraryChangeOf(form([['remove', 'artist:0TnOYISbd1XYRBk9myaseg']]))).toEqual({ kind: 'artist', id: '0TnOYISbd1XYRBk9myaseg', inLibrary: false });
  });
});

describe('where the route sends the browser back', () => {
  it('to the page the form came from, its query kept (a list shown longer stays so), its fragment not', () => {
    expect(backAddressOf('/album/a1', SITE)).toBe('/album/a1');
    expect(backAddressOf('/playlist/p1?pages=3', SITE)).toBe('/playlist/p1?pages=3');
    expect(backAddressOf('/search?q=sol%20y&x=1#top', SITE)).toBe('/search?q=sol%20y&x=1');
  });

  it("never to another site, whatever the form was made to say: home instead", () => {
    for (const back of [null, '', 'album/a1', '//evil.example/x', '/\\evil.example/x', '\\\\evil.example', 'https://evil.example/', `${SITE}/album/a1`, 'javascript:alert(1)', ' /album/a1', 'http://[::1', '/%2F%2Fevil.example']) {
      const address = backAddressOf(back, SITE);
      expect(address.startsWith('/') && !address.startsWith('//') && !address.startsWith('/\\'), String(back)).toBe(true);
      expect(new URL(address, SITE).origin, String(back)).toBe(SITE);
    }
    expect(backAddressOf('//evil.example/x', SITE)).toBe('/');
    expect(backAddressOf('/\\evil.example/x', SITE)).toBe('/');
    expect(backAddressOf('https://evil.example/', SITE)).toBe('/');
    // The path is written out anew: no character of it ends the Location header.
    expect(backAddressOf('/album/a1\r\nSet-Cookie: x=1', SITE)).toBe('/album/a1Set-Cookie:%20x=1');
    expect(backAddressOf('/%2F%2Fevil.example', SITE)).toBe('/%2F%2Fevil.example');
  });
});

describe("the library route's requests", () => {
  const request = (headers: Record<string, string>) => ({ method: 'POST', headers: new Headers(headers) });

  it("takes a plain form's POST of the site's own pages, without the custom header; another site's, a null Origin's or an unsaid one's it refuses", () => {
    const route = SESSION_ROUTES.library;
    expect(isAllowedRequest(request({ Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' }), SITE, route)).toBe(true);
    expect(isAllowedRequest(request({ 'Sec-Fetch-Site': 'same-origin' }), SITE, route)).toBe(true);
    expect(isAllowedRequest(request({ Origin: 'https://evil.example' }), SITE, route)).toBe(false);
    expect(isAllowedRequest(request({ Origin: 'https://evil.example', 'X-My-Music': '1' }), SITE, route)).toBe(false);
    expect(isAllowedRequest(request({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), SITE, route)).toBe(false);
    expect(isAllowedRequest(request({ 'Sec-Fetch-Site': 'same-site' }), SITE, route)).toBe(false);
    expect(isAllowedRequest(request({}), SITE, route)).toBe(false);
    expect(isAllowedRequest({ method: 'PUT', headers: new Headers({ Origin: SITE }) }, SITE, route)).toBe(false);
  });

  it('is a session route: it answers for itself, a visitor included (sent to /auth)', () => {
    expect(accessOf(SESSION_ROUTES.library)).toBe('open');
  });
});
