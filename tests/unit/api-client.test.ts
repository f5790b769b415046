import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, clientTiming, resetClient } from '../../src/api/client';
import { isCanceled, isUnavailable } from '../../src/api/errors';
import { setNavigator } from '../../src/lib/navigation';
import { $capabilities, resetCapabilities } from '../../src/stores/capabilities';
import { $session, storeTokens } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { $ui, closePremiumPrompt } from '../../src/stores/ui';
import { json, providerError, stubFetch } from './helpers/fetch-stub';
import { recordNavigation, useProvider } from './helpers/provider';
import { rejection } from './helpers/rejection';

const realTiming = { ...clientTiming };
let waits: number[];
let visits: { path: string; replace: boolean }[];

function toastMessages(): string[] {
  return $toasts.get().map((toast) => toast.message);
}

function signIn(refreshToken: string | null = null): void {
  storeTokens({ accessToken: 'A1', refreshToken, expiresAt: Date.now() + 3600_000 });
}

beforeEach(() => {
  localStorage.clear();
  useProvider('http://provider.test');
  resetClient();
  resetCapabilities();
  closePremiumPrompt();
  $toasts.set([]);
  visits = recordNavigation();
  waits = [];
  clientTiming.sleep = async (ms) => void waits.push(ms);
  signIn();
});

afterEach(() => {
  Object.assign(clientTiming, realTiming);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNavigator(null);
});

describe('requests', () => {
  it('sends the bearer token to the API base with the query and parses JSON', async () => {
    const seen = stubFetch(json({ id: 'a1' }));
    expect(await callApi({ path: 'albums/a1', query: { market: 'IN', offset: 0, skip: undefined } })).toEqual({ id: 'a1' });
    expect(seen[0]?.url).toBe('http://provider.test/v1/albums/a1?market=IN&offset=0');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer A1');
  });

  it('sends a JSON body and resolves undefined for 204', async () => {
    const seen = stubFetch(new Response(null, { status: 204 }));
    expect(await callApi({ method: 'PUT', path: 'me/player/play', body: { uris: ['spotify:track:t1'] } })).toBeUndefined();
    expect(seen[0]?.method).toBe('PUT');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ uris: ['spotify:track:t1'] });
  });
});

describe("SPEC §8's request-error table", () => {
  it('time-out abort: toast with the error message', async () => {
    clientTiming.timeoutMs = 20;
    stubFetch((_request, signal) => new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }));
    const error = await rejection(callApi({ path: 'me' }));
    expect(error.kind).toBe('timeout');
    expect(toastMessages()).toEqual(['timeout of 20ms exceeded']);
  });

  it("no connection: toast 'Internet Connection Problem'", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch(new TypeError('Failed to fetch'));
    expect((await rejection(callApi({ method: 'PUT', path: 'me/tracks' }))).kind).toBe('offline');
    expect(toastMessages()).toEqual(['Internet Connection Problem']);
  });

  it("401 without a usable refresh: clear local storage, toast 'Session Expired', go to /auth", async () => {
    localStorage.setItem('DEVICE_ID', '"d1"');
    stubFetch(providerError(401, 'The access token expired'));
    expect((await rejection(callApi({ path: 'me' }))).status).toBe(401);
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(toastMessages()).toEqual(['Session Expired']);
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
  });

  it('calls in flight that all meet the expired session end it once', async () => {
    stubFetch(providerError(401, 'The access token expired'));
    await Promise.all([rejection(callApi({ path: 'me' })), rejection(callApi({ path: 'me/playlists' }))]);
    expect(toastMessages()).toEqual(['Session Expired']);
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
  });

  it('403 on a bad request: clear local storage, go to /access_denied', async () => {
    stubFetch(providerError(403, 'Insufficient client scope'));
    await rejection(callApi({ path: 'me/player' }));
    expect(localStorage.length).toBe(0);
    expect(visits).toEqual([{ path: '/access_denied', replace: true }]);
    expect(toastMessages()).toEqual([]);
  });

  it('other 4xx with a message: nothing extra shown', async () => {
    stubFetch(providerError(404, 'Non existing id'));
    expect((await rejection(callApi({ path: 'albums/zzz' }))).providerMessage).toBe('Non existing id');
    expect(toastMessages()).toEqual([]);
    expect(visits).toEqual([]);
    expect($session.get()).not.toBeNull();
  });

  it('403 with reason or code PREMIUM_REQUIRED: opens the premium prompt', async () => {
    stubFetch(providerError(403, 'Player command failed: Premium required', 'PREMIUM_REQUIRED'), json({ error: { status: 403, code: 'PREMIUM_REQUIRED' } }, 403));
    await rejection(callApi({ method: 'PUT', path: 'me/player/play' }));
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    closePremiumPrompt();
    await rejection(callApi({ method: 'PUT', path: 'me/player/play' }));
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect(visits).toEqual([]);
    expect($session.get()).not.toBeNull();
  });

  it("other 4xx otherwise: toast 'Something went wrong'", async () => {
    stubFetch(new Response('', { status: 400 }));
    await rejection(callApi({ method: 'PUT', path: 'me/albums' }));
    expect(toastMessages()).toEqual(['Something went wrong']);
  });

  it("5xx: toast with the response message, or 'Internal Server Error'", async () => {
    stubFetch(providerError(503, 'Service unavailable'));
    await rejection(callApi({ method: 'POST', path: 'me/player/next' }));
    stubFetch(new Response('oops', { status: 500 }));
    await rejection(callApi({ method: 'POST', path: 'me/player/next' }));
    expect(toastMessages()).toEqual(['Service unavailable', 'Internal Server Error']);
  });

  it("cancelled requests: 'Request was canceled', passed on silently", async () => {
    stubFetch((_request, signal) => new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      setTimeout(() => resolve(json({ page: 'second' })), 10);
    }));
    const first = callApi({ path: 'search', name: 'search' });
    const second = callApi({ path: 'search', name: 'search' });
    const error = await rejection(first);
    expect(error.message).toBe('Request was canceled');
    expect(isCanceled(error)).toBe(true);
    expect(await second).toEqual({ page: 'second' });
    expect(toastMessages()).toEqual([]);
    expect(visits).toEqual([]);
  });
});

describe("DESIGN §2's exceptions", () => {
  it('a removed endpoint (403 or 404) is a missing capability, never a sign-out', async () => {
    stubFetch(providerError(403, 'Forbidden'), providerError(404, 'Not found'));
    await rejection(callApi({ path: 'browse/new-releases', capability: 'newReleases' }));
    await rejection(callApi({ path: 'artists/a/related-artists', capability: 'relatedArtists' }));
    expect($capabilities.get()).toEqual({ newReleases: 'missing', relatedArtists: 'missing' });
    expect(visits).toEqual([]);
    expect(toastMessages()).toEqual([]);
    expect($session.get()).not.toBeNull();
  });

  it('an answered capability is recorded as available', async () => {
    stubFetch(json({ albums: { items: [] } }));
    await callApi({ path: 'browse/new-releases', capability: 'newReleases' });
    expect($capabilities.get().newReleases).toBe('available');
  });

  it('a 404 from an endpoint that has answered before is a real "not found", not a missing capability', async () => {
    stubFetch(json({ id: 'u1', display_name: 'One' }), providerError(404, 'Not found'));
    await callApi({ path: 'users/u1', capability: 'otherUsers' });
    const error = await rejection(callApi({ path: 'users/nobody', capability: 'otherUsers' }));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().otherUsers).toBe('available');
  });

  it("development mode's account refusals end on /access_denied with the provider's message", async () => {
    stubFetch(providerError(403, 'The user is not registered for this application'));
    await rejection(callApi({ path: 'me' }));
    expect(visits).toEqual([
      { path: '/access_denied?message=The+user+is+not+registered+for+this+application', replace: true },
    ]);
    expect(localStorage.length).toBe(0);
  });

  it('a 403 with a player reason is a refused command, not a bad request', async () => {
    stubFetch(providerError(403, 'Player command failed: Restriction violated', 'UNKNOWN'));
    await rejection(callApi({ method: 'POST', path: 'me/player/next' }));
    expect(visits).toEqual([]);
    expect(toastMessages()).toEqual([]);
  });

  it('statuses the caller handles itself cause no side effect', async () => {
    stubFetch(providerError(403, 'Forbidden'));
    await rejection(callApi({ path: 'playlists/p1/items', quietStatuses: [403] }));
    expect(visits).toEqual([]);
    expect($session.get()).not.toBeNull();
  });
});

describe('token refresh on 401', () => {
  it('refreshes once, stores the rotated tokens and replays the call with the new token', async () => {
    signIn('R1');
    const seen = stubFetch(
      providerError(401, 'The access token expired'),
      json({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 }),
      json({ id: 'guest' }),
    );
    expect(await callApi({ path: 'me' })).toEqual({ id: 'guest' });
    expect(seen.map((request) => request.url)).toEqual([
      'http://provider.test/v1/me',
      'http://provider.test/api/token',
      'http://provider.test/v1/me',
    ]);
    expect(seen[2]?.headers.get('Authorization')).toBe('Bearer A2');
    expect(JSON.parse(localStorage.getItem('REFRESH_TOKEN') ?? 'null')).toBe('R2');
    expect(toastMessages()).toEqual([]);
  });

  it('refreshes before sending when the token is about to expire', async () => {
    storeTokens({ accessToken: 'A1', refreshToken: 'R1', expiresAt: Date.now() - 1 });
    const seen = stubFetch(json({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 }), json({ id: 'guest' }));
    await callApi({ path: 'me' });
    expect(seen.map((request) => request.url)).toEqual(['http://provider.test/api/token', 'http://provider.test/v1/me']);
    expect(seen[1]?.headers.get('Authorization')).toBe('Bearer A2');
  });

  it('invalid_grant (a dead refresh token): sign in again through Session Expired', async () => {
    signIn('R-dead');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = stubFetch(providerError(401, 'The access token expired'), json({ error: 'invalid_grant' }, 400));
    await rejection(callApi({ path: 'me' }));
    expect(seen).toHaveLength(2);
    expect(toastMessages()).toEqual(['Session Expired']);
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
  });

  it('a token URL that cannot be reached is a connection problem, not a sign-out', async () => {
    signIn('R1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(providerError(401, 'The access token expired'), new TypeError('fetch failed'));
    expect((await rejection(callApi({ path: 'me' }))).kind).toBe('network');
    expect(toastMessages()).toEqual(['Internet Connection Problem']);
    expect(visits).toEqual([]);
    expect($session.get()?.refreshToken).toBe('R1');
  });

  it('a second 401 after a successful refresh is not refreshed again', async () => {
    signIn('R1');
    const seen = stubFetch(
      providerError(401, 'expired'),
      json({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 }),
      providerError(401, 'revoked'),
    );
    await rejection(callApi({ path: 'me' }));
    expect(seen).toHaveLength(3);
    expect(toastMessages()).toEqual(['Session Expired']);
  });
});

describe('retries', () => {
  it('a GET answered 429 waits Retry-After and is retried once', async () => {
    const seen = stubFetch(providerError(429, 'API rate limit exceeded', undefined, { 'Retry-After': '2' }), json({ ok: 1 }));
    expect(await callApi({ path: 'me' })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('a second 429 is not retried again, and a Retry-After beyond the bound is not waited for', async () => {
    const seen = stubFetch(new Response('', { status: 429, headers: { 'Retry-After': '1' } }));
    await rejection(callApi({ path: 'me' }));
    expect(seen).toHaveLength(2);
    stubFetch(new Response('', { status: 429, headers: { 'Retry-After': '3600' } }));
    await rejection(callApi({ path: 'me' }));
    expect(waits).toEqual([1000]);
  });

  it('QUOTA_EXCEEDED and non-GET 429s are not retried', async () => {
    const seen = stubFetch(providerError(429, 'Quota exceeded', 'QUOTA_EXCEEDED', { 'Retry-After': '1' }));
    await rejection(callApi({ path: 'me' }));
    await rejection(callApi({ method: 'PUT', path: 'me/tracks', query: { ids: 't1' } }));
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('a GET on 5xx is retried once with backoff before the toast', async () => {
    const seen = stubFetch(providerError(502, 'Bad gateway'), json({ ok: 1 }));
    expect(await callApi({ path: 'me' })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([clientTiming.retryDelayMs]);
    stubFetch(providerError(500, 'Still broken'));
    await rejection(callApi({ path: 'me' }));
    expect(toastMessages()).toEqual(['Still broken']);
  });

  it('a GET on a dropped connection is retried once; a PUT is not', async () => {
    const seen = stubFetch(new TypeError('fetch failed'), json({ ok: 1 }));
    expect(await callApi({ path: 'me' })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    stubFetch(new TypeError('fetch failed'));
    expect((await rejection(callApi({ method: 'PUT', path: 'me/tracks' }))).kind).toBe('network');
    expect(toastMessages()).toEqual(['Internet Connection Problem']);
  });

  it('a call cancelled during its retry wait rejects as cancelled', async () => {
    clientTiming.sleep = realTiming.sleep;
    clientTiming.retryDelayMs = 1000;
    stubFetch(providerError(500, 'x'), json({ ok: 'second' }));
    const first = callApi({ path: 'me', name: 'me' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = callApi({ path: 'me', name: 'me' });
    expect(isCanceled(await rejection(first))).toBe(true);
    expect(await second).toEqual({ ok: 'second' });
  });
});
