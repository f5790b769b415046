// Node's own fetch and URL, as in api-sandbox*.test.ts: under happy-dom, Vitest's web transform gives
// import.meta.url a non-file URL and the sandbox cannot read its own files (sandbox/playback/sdk-routes.ts).
//
// DESIGN §5's rules of the one API client (request building, token refresh, retries, cancellation),
// each driven through a real sandbox, its failures scripted with the sandbox's fault injection.
// The token comes from the site's real session routes (helpers/site-session.ts), which refresh
// at the sandbox's token URL.
// SPEC §8's table of what the user then sees is error-catalogue.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, clientTiming, resetClient } from '../../src/api/client';
import { isCanceled, isUnavailable } from '../../src/api/errors';
import { getCategoryPlaylists } from '../../src/api/browse';
import { getMe } from '../../src/api/me';
import { getUser } from '../../src/api/users';
import { getArtistTopTracks, getRelatedArtists } from '../../src/api/artists';
import { $capabilities, adoptServerCapabilities } from '../../src/stores/capabilities';
import { $session } from '../../src/stores/session';
import { addToLibrary, isInLibrary, removeFromLibrary } from '../../src/api/library';
import { searchType } from '../../src/api/search';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { expectSessionKept, sleepForReal, trackClientEffects } from './helpers/client-effects';
import { addFault, grantOf, signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';
import { rejection } from './helpers/rejection';
import { startSite, type RunningSite } from './helpers/site-session';

let running: RunningSandbox;
let site: RunningSite;
let trackId: string;
const effects = trackClientEffects(() => running.url);
const hits = () => faultHits(running.url);

const ME = '^/v1/me$';
const TOKEN_URL = '^/api/token$';
/** A fault without status or body only counts: the request goes on to the real handler. */
const countTokenRequests = { match: { method: 'POST', path: TOKEN_URL } };

beforeAll(async () => {
  useBrowserStorage();
  running = await startSandbox('extended');
  site = await startSite(running.url);
  resetClient();
  await signInToSandbox(running.url);
  const found = (await callApi({ path: 'search', query: { q: 'a', type: 'track', limit: 1 } })) as { tracks: { items: { id: string }[] } };
  trackId = found.tracks.items[0]!.id;
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await running?.stop();
});

describe('requests', () => {
  it('sends the query without its undefined values, keeping 0, and parses the JSON answer', async () => {
    // The fault's pattern is tried on the path with its query: it answers only that exact URL.
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/albums/a1\\?market=IN&offset=0$' }, status: 200, body: { id: 'a1' } });
    expect(await callApi({ path: 'albums/a1', query: { market: 'IN', offset: 0, skip: undefined } })).toEqual({ id: 'a1' });
    expect(await hits()).toEqual([1]);
  });

  it('sends a JSON body with the bearer token and resolves undefined for an empty answer', async () => {
    expect(await callApi({ method: 'PUT', path: 'me/tracks', body: { ids: [trackId] } })).toBeUndefined();
    expect(await callApi({ path: 'me/tracks/contains', query: { ids: trackId } })).toEqual([true]);
    await callApi({ method: 'DELETE', path: 'me/tracks', body: { ids: [trackId] } });
    expect(await callApi({ path: 'me/tracks/contains', query: { ids: trackId } })).toEqual([false]);
  });
});

describe("what the server's calls learnt of the provider", () => {
  it("is adopted from the page's mark where the tab knows nothing yet; the tab then sends no doomed call", async () => {
    $capabilities.set({ categories: 'missing' }); // this tab's own lesson
    adoptServerCapabilities('not json');
    adoptServerCapabilities(JSON.stringify({ legacyLibrary: 'missing', categories: 'available', notACapability: 'missing', otherUsers: 'maybe' }));
    expect($capabilities.get()).toEqual({ legacyLibrary: 'missing', categories: 'missing' });
    const [track] = (await searchType('Sol', 'track')).items;
    await addFault(running.url, { match: { path: '^/v1/me/tracks' } });
    await addToLibrary('track', [track!.id]);
    expect(await isInLibrary('track', track!.id)).toBe(true);
    expect(await hits()).toEqual([0]);
    await removeFromLibrary('track', [track!.id]);
    $capabilities.set({});
  });
});

describe('see-all pages of 20', () => {
  it("are not given up for a query the provider refuses: only a page of 10 answered says it was the size (a see-all of spaces asks nothing)", async () => {
    $capabilities.set({});
    await addFault(running.url, { match: { path: '^/v1/search$' } });
    expect(await searchType('   ', 'track')).toMatchObject({ items: [], total: 0 });
    expect(await hits()).toEqual([0]);
    await clearFaults(running.url);
    await addFault(running.url, { match: { path: '^/v1/search$' }, status: 400, body: { error: { status: 400, message: 'Bad query' } }, times: 2 });
    expect((await rejection(searchType('Sol', 'track'))).status).toBe(400);
    expect($capabilities.get().largeSearchPages).toBeUndefined();
    expect((await searchType('Sol', 'track')).limit).toBe(20);
  });
});

/** SPEC §8's 'Session Expired' is /auth's, told by the server (src/server/notice.ts) as the page goes there: the page being left says nothing. */
async function expectSessionExpiredOnAuth(): Promise<void> {
  await expect.poll(() => effects.visits).toEqual([{ path: '/auth', replace: true }]);
  expect(effects.shown).toEqual([]);
  expect(site.noticeForAuth()).toBe('Session Expired');
}

describe('token refresh', () => {
  it('refreshes before sending when the token is about to expire', async () => {
    // The session's token is due for renewal (lib/token-timing.ts), on the server and on the page alike.
    const before = { ...(await site.tokens())!, renewAt: Date.now() - 1 };
    await site.signIn(before);
    $session.set(grantOf(before));
    await addFault(running.url, countTokenRequests);
    site.requests.length = 0;
    expect((await getMe()).id).toBe('guest');
    expect(await hits()).toEqual([1]);
    // Asked before the call, naming the token it had: the provider never saw the due token.
    expect(site.requests).toEqual([{ method: 'POST', path: '/session/token', body: { refused: before.accessToken }, status: 200 }]);
    const after = (await site.tokens())!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect($session.get()?.accessToken).toBe(after.accessToken);
    expect(effects.shown).toEqual([]);
    await expectSessionKept(effects);
    // The refresh token rotated: the new one is kept on the server (never on the page), the old one is refused.
    expect(after.refreshToken).toBeTruthy();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Object.keys($session.get()!)).not.toContain('refreshToken');
    const old = await fetch(`${running.url}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refreshToken!, client_id: 'my-music' }),
    });
    expect(old.status).toBe(400);
    expect((await old.json()).error).toBe('invalid_grant');
  });

  it("a 401 with no refresh token ends the session without asking the token URL: 'Session Expired', /auth", async () => {
    await site.signIn({ ...(await site.tokens())!, refreshToken: null });
    await addFault(running.url, [{ match: { method: 'GET', path: ME }, status: 401 }, countTokenRequests]);
    expect((await rejection(getMe())).status).toBe(401);
    expect(await hits()).toEqual([1, 0]);
    await expect.poll(() => effects.visits).toEqual([{ path: '/auth', replace: true }]);
    expect(localStorage.length).toBe(0);
    await expectSessionExpiredOnAuth();
    expect(await site.tokens()).toBeNull();
  });

  it('calls in flight that all meet the expired session share one refresh and end the session once', async () => {
    await addFault(running.url, [
      { match: { method: 'GET', path: '^/v1/me(/playlists)?$' }, status: 401 },
      { match: { method: 'POST', path: TOKEN_URL }, status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } },
    ]);
    await Promise.all([rejection(callApi({ path: 'me' })), rejection(callApi({ path: 'me/playlists' }))]);
    expect(await hits()).toEqual([2, 1]);
    await expect.poll(() => effects.visits).toEqual([{ path: '/auth', replace: true }]);
    await expectSessionExpiredOnAuth();
    expect(await site.tokens()).toBeNull();
  });

  it('a second 401 after a successful refresh is not refreshed again: the session ends on the server too, and the page goes to /auth', async () => {
    await addFault(running.url, [{ match: { method: 'GET', path: ME }, status: 401 }, countTokenRequests]);
    await rejection(getMe());
    expect(await hits()).toEqual([2, 1]);
    await expectSessionExpiredOnAuth();
    await expect.poll(() => effects.visits).toEqual([{ path: '/auth', replace: true }]);
    // The refresh had succeeded, so the site still held a session: /auth would have sent the user back to /.
    expect(await site.tokens()).toBeNull();
  });
});

describe('retries', () => {
  it('a second 429 is not retried again, and a Retry-After beyond the bound is not waited for', async () => {
    await addFault(running.url, { match: { method: 'GET', path: ME }, status: 429, headers: { 'Retry-After': '1' } });
    await rejection(getMe());
    expect(await hits()).toEqual([2]);
    expect(effects.waits).toEqual([1000]);
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/me/playlists$' }, status: 429, headers: { 'Retry-After': '3600' } });
    await rejection(callApi({ path: 'me/playlists' }));
    expect(await hits()).toEqual([2, 1]);
    expect(effects.waits).toEqual([1000]);
  });

  it('a command answered 429 is not retried', async () => {
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 429, headers: { 'Retry-After': '1' } });
    expect((await rejection(callApi({ method: 'PUT', path: 'me/tracks', query: { ids: trackId } }))).status).toBe(429);
    expect(await hits()).toEqual([1]);
    expect(effects.waits).toEqual([]);
  });

  it("a command on a dropped connection is not retried: 'Internet Connection Problem'", async () => {
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, drop: true });
    expect((await rejection(callApi({ method: 'PUT', path: 'me/tracks', query: { ids: trackId } }))).kind).toBe('network');
    expect(await hits()).toEqual([1]);
    expect(effects.shown).toEqual(['Internet Connection Problem']);
    await expectSessionKept(effects);
  });

  it('a call cancelled during its retry wait rejects as cancelled, and the newer one goes through', async () => {
    // The client's own wait, a minute long: only the cancellation can end it.
    sleepForReal(effects);
    clientTiming.retryDelayMs = 60_000;
    await addFault(running.url, { match: { method: 'GET', path: ME }, status: 500, times: 1 });
    const first = callApi({ path: 'me', name: 'me' });
    await expect.poll(() => effects.waits).toEqual([60_000]);
    const second = callApi<{ id: string }>({ path: 'me', name: 'me' });
    expect(isCanceled(await rejection(first))).toBe(true);
    expect((await second).id).toBe('guest');
    expect(effects.shown).toEqual([]);
  });
});

describe("DESIGN §2's capabilities", () => {
  it('an answered endpoint is available, and its later 404 is a real "not found", not a missing capability', async () => {
    await callApi({ path: 'users/aarav.sharma', capability: 'otherUsers' });
    expect($capabilities.get().otherUsers).toBe('available');
    const error = await rejection(callApi({ path: 'users/nobody-at-all', capability: 'otherUsers' }));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().otherUsers).toBe('available');
    await expectSessionKept(effects);
  });

  it("tells a missing user from a gone endpoint in a fresh session by asking about the user's own profile", async () => {
    const requests = { match: { method: 'GET', path: '^/v1/(me|users/[^/]+)$' } };
    await addFault(running.url, requests);
    const error = await rejection(getUser('nobody-at-all'));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    // The probe: GET me, then users/{that id}; the endpoint answered, so it stays usable.
    expect(await hits()).toEqual([3]);
    expect($capabilities.get().otherUsers).toBe('available');
    expect((await getUser('aarav.sharma')).displayName).toBe('Aarav Sharma');
    // A malformed id is the provider's 400: a not-found page, never a missing capability.
    expect((await rejection(getUser('<x>'))).status).toBe(400);
    expect($capabilities.get().otherUsers).toBe('available');
    expect(effects.shown).toEqual([]);
    await expectSessionKept(effects);
  });

  it("tells an unknown artist from gone sections in a fresh session: its Popular Tracks and Fans Also like stay for the next artist", async () => {
    const unknown = '0000000000000000000000';
    for (const [capability, ask] of [['artistTopTracks', getArtistTopTracks], ['relatedArtists', getRelatedArtists]] as const) {
      const error = await rejection(ask(unknown));
      expect(error.status, capability).toBe(404);
      expect(isUnavailable(error), capability).toBe(false);
      expect($capabilities.get()[capability], capability).toBe('available');
    }
    const known = (await callApi<{ artists: { items: { id: string }[] } }>({ path: 'search', query: { q: 'a', type: 'artist', limit: 1 } })).artists.items[0]!.id;
    expect((await getArtistTopTracks(known)).length).toBeGreaterThan(0);
    expect((await getRelatedArtists(known)).length).toBeGreaterThan(0);
    expect(effects.shown).toEqual([]);
  });

  it('reads a first 404 as a gone endpoint when the probe is refused too, signing nobody out', async () => {
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/users/' }, status: 404 });
    expect(isUnavailable(await rejection(getUser('nobody-at-all')))).toBe(true);
    expect($capabilities.get().otherUsers).toBe('missing');
    expect(effects.shown).toEqual([]);
    await expectSessionKept(effects);
  });

  it('learns nothing when the probe fails otherwise: the 404 stays a plain "not found"', async () => {
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/users/nobody' }, status: 404 });
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/users/guest' }, status: 500 });
    const error = await rejection(getUser('nobody-at-all'));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().otherUsers).toBeUndefined();
    await expectSessionKept(effects);
  });

  it("an unknown category's 404 does not hide category browsing for the session", async () => {
    const error = await rejection(getCategoryPlaylists('no-such-category'));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().categoryPlaylists).toBe('available');
    const { categories } = (await callApi({ path: 'browse/categories', query: { limit: 1 } })) as { categories: { items: { id: string }[] } };
    expect((await getCategoryPlaylists(categories.items[0]!.id)).playlists.items.length).toBeGreaterThan(0);
    expect(effects.shown).toEqual([]);
    await expectSessionKept(effects);
  });
});
