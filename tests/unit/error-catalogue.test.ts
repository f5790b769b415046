// @vitest-environment node
// Node's own fetch and URL, as in api-sandbox*.test.ts: under happy-dom, Vitest's web transform gives
// import.meta.url a non-file URL and the sandbox cannot read its own files (sandbox/playback/sdk-routes.ts).
// localStorage and sessionStorage still come from happy-dom (useBrowserStorage).
//
// SPEC §8's request-error table, each row produced by the real sandbox's fault injection
// (POST /__sandbox/faults) and observed where the user sees it: toasts, the premium prompt,
// the page the client navigates to, and whether local storage survived.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAlbum } from '../../src/api/albums';
import { getArtistTopTracks } from '../../src/api/artists';
import { clientTiming, resetClient } from '../../src/api/client';
import { type ApiError, isCanceled, isUnavailable } from '../../src/api/errors';
import { getMe } from '../../src/api/me';
import { skipToNext, startPlayback } from '../../src/api/player';
import { search } from '../../src/api/search';
import { setNavigator } from '../../src/lib/navigation';
import { $capabilities, resetCapabilities } from '../../src/stores/capabilities';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { $ui, closePremiumPrompt } from '../../src/stores/ui';
import { recordNavigation } from './helpers/provider';
import { addFault, signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';
import { rejection } from './helpers/rejection';

const realTiming = { ...clientTiming };
/** A GET's one retry after a 5xx or a dropped socket waits this long here instead of 800 ms. */
const TEST_RETRY_DELAY_MS = 20;

let running: RunningSandbox;
let visits: { path: string; replace: boolean }[];
/** Every toast message shown since the test began, even one already gone (toasts last 1.5 s). */
let shown: string[] = [];
/** The waits the client asked for before a retry. */
let waits: number[];
let albumId: string;
let artistId: string;
const seenToastIds = new Set<number>();
const unlisten = $toasts.listen((toasts) => {
  for (const toast of toasts) {
    if (seenToastIds.has(toast.id)) continue;
    seenToastIds.add(toast.id);
    shown.push(toast.message);
  }
});

/** How many requests the sandbox's faults have hit, in the order they were added. */
async function faultHits(base = running.base): Promise<number[]> {
  const listed = (await (await fetch(`${base}/__sandbox/faults`)).json()) as { faults: { hits: number }[] };
  return listed.faults.map((fault) => fault.hits);
}

/** Several faults, kept in this order (the sandbox answers with the first one that matches). */
async function addFaults(faults: Record<string, unknown>[]): Promise<void> {
  for (const fault of faults) await addFault(running.base, fault);
}

async function clearFaults(base = running.base): Promise<void> {
  await fetch(`${base}/__sandbox/faults`, { method: 'DELETE' });
}

/** The user is still signed in and nothing was cleared. */
function expectSessionKept(): void {
  expect($session.get()).not.toBeNull();
  expect(localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
  expect(localStorage.getItem('DEVICE_ID')).toBe('"device-1"');
  expect(visits).toEqual([]);
}

const ME = '^/v1/me$';

beforeAll(async () => {
  useBrowserStorage();
  running = await startSandbox('extended');
  resetClient();
  await signInToSandbox(running.base);
  const found = await search('a', ['album', 'artist'], 1);
  albumId = found.albums.items[0]!.id;
  artistId = found.artists.items[0]!.id;
}, 120_000);

afterAll(async () => {
  unlisten();
  await running?.stop();
});

beforeEach(async () => {
  // A test that ended the session left nothing to call with: sign in again, for real.
  if (!$session.get()) await signInToSandbox(running.base);
  localStorage.setItem('DEVICE_ID', '"device-1"');
  resetClient();
  resetCapabilities();
  closePremiumPrompt();
  visits = recordNavigation();
  shown = [];
  waits = [];
  clientTiming.retryDelayMs = TEST_RETRY_DELAY_MS;
  clientTiming.sleep = (ms, signal) => (waits.push(ms), realTiming.sleep(ms, signal));
});

afterEach(async () => {
  Object.assign(clientTiming, realTiming);
  setNavigator(null);
  await clearFaults();
});

describe("SPEC §8's request errors, produced by the sandbox's fault injection", () => {
  it('time-out abort: toast with the error message', async () => {
    clientTiming.timeoutMs = 300;
    // The sandbox holds the answer far longer than the client waits.
    await addFault(running.base, { match: { method: 'GET', path: ME }, delayMs: 3000 });
    const error = await rejection(getMe());
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timeout of 300ms exceeded');
    expect(shown).toEqual([error.message]);
    expect(await faultHits()).toEqual([1]);
    expectSessionKept();
  });

  it('the time-out is per try: the wait before a GET\'s retry does not use up the retry\'s time', async () => {
    // The first try answers 503 after 500 ms; with the 500 ms backoff the retry starts after the
    // 800 ms time-out would have run out had its timer kept running through the wait.
    clientTiming.timeoutMs = 800;
    clientTiming.retryDelayMs = 500;
    await addFault(running.base, { match: { method: 'GET', path: ME }, delayMs: 500, status: 503, times: 1 });
    expect((await getMe()).id).toBe('guest');
    expect(waits).toEqual([500]);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it('the time-out is per try: a slow token refresh after a 401 does not time out the replay', async () => {
    clientTiming.timeoutMs = 800;
    await addFaults([
      { match: { method: 'GET', path: ME }, status: 401, times: 1 },
      // No status: the token URL answers for real, late.
      { match: { method: 'POST', path: '^/api/token$' }, delayMs: 1000, times: 1 },
    ]);
    expect((await getMe()).id).toBe('guest');
    expect(await faultHits()).toEqual([1, 1]);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("no connection (the socket dropped on every try): one retry of the GET, then 'Internet Connection Problem'", async () => {
    await addFault(running.base, { match: { method: 'GET', path: ME }, drop: true });
    const error = await rejection(getMe());
    expect(error.kind).toBe('network');
    expect(await faultHits()).toEqual([2]);
    expect(waits).toEqual([TEST_RETRY_DELAY_MS]);
    expect(shown).toEqual(['Internet Connection Problem']);
    expectSessionKept();
  });

  it("no connection while the browser says it is offline: 'Internet Connection Problem'", async () => {
    // Node 20 has no navigator; not vi.stubGlobal, whose unstubAllGlobals would also take away the storage stubs.
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    await addFault(running.base, { match: { method: 'GET', path: ME }, drop: true });
    let error: ApiError;
    try {
      error = await rejection(getMe());
    } finally {
      delete (globalThis as { navigator?: unknown }).navigator;
    }
    expect(error.kind).toBe('offline');
    expect(shown).toEqual(['Internet Connection Problem']);
    expectSessionKept();
  });

  it('401: the token is refreshed silently and the call replayed', async () => {
    const before = $session.get()!;
    await addFault(running.base, { match: { method: 'GET', path: ME }, status: 401, times: 1 });
    expect((await getMe()).id).toBe('guest');
    expect(await faultHits()).toEqual([1]);
    // Refresh tokens rotate (DESIGN §2): both tokens are new and kept.
    expect($session.get()?.accessToken).not.toBe(before.accessToken);
    expect($session.get()?.refreshToken).not.toBe(before.refreshToken);
    expect(JSON.parse(localStorage.getItem('ACCESS_TOKEN')!)).toBe($session.get()?.accessToken);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("401 when the refresh is refused too (invalid_grant): clear local storage, toast 'Session Expired', go to /auth", async () => {
    await addFaults([
      { match: { method: 'GET', path: ME }, status: 401 },
      {
        match: { method: 'POST', path: '^/api/token$' },
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Refresh token revoked' },
      },
    ]);
    const error = await rejection(getMe());
    expect(error.status).toBe(401);
    expect(await faultHits()).toEqual([1, 1]);
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(shown).toEqual(['Session Expired']);
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
  });

  it("401 when the token URL cannot be reached: 'Internet Connection Problem', still signed in", async () => {
    // DESIGN §2: only a refused refresh (invalid_grant) signs the user out, not a lost connection.
    await addFaults([
      { match: { method: 'GET', path: ME }, status: 401 },
      { match: { method: 'POST', path: '^/api/token$' }, drop: true },
    ]);
    expect((await rejection(getMe())).kind).toBe('network');
    expect(await faultHits()).toEqual([1, 1]);
    expect(shown).toEqual(['Internet Connection Problem']);
    expectSessionKept();
  });

  it('403 on a bad request: clear local storage, go to /access_denied', async () => {
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/albums/' }, status: 403 });
    expect((await rejection(getAlbum(albumId))).status).toBe(403);
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(visits).toEqual([{ path: '/access_denied', replace: true }]);
    expect(shown).toEqual([]);
  });

  it('other 4xx with a message: nothing extra shown (a 404, and a 403 refused player command)', async () => {
    await addFaults([
      { match: { method: 'GET', path: '^/v1/albums/' }, status: 404, body: { error: { status: 404, message: 'Non existing id' } } },
      {
        match: { method: 'POST', path: '^/v1/me/player/next$' },
        status: 403,
        body: { error: { status: 403, message: 'Player command failed: Restriction violated', reason: 'NO_NEXT_TRACK' } },
      },
    ]);
    expect((await rejection(getAlbum(albumId))).providerMessage).toBe('Non existing id');
    expect((await rejection(skipToNext('device-1'))).reason).toBe('NO_NEXT_TRACK');
    expect(await faultHits()).toEqual([1, 1]);
    expect(shown).toEqual([]);
    expect($ui.get().openDialogPremiumRequired).toBe(false);
    expectSessionKept();
  });

  it('403 with reason PREMIUM_REQUIRED opens the premium prompt', async () => {
    await addFault(running.base, {
      match: { method: 'PUT', path: '^/v1/me/player/play$' },
      status: 403,
      body: { error: { status: 403, message: 'Player command failed: Premium required', reason: 'PREMIUM_REQUIRED' } },
    });
    await rejection(startPlayback({ deviceId: 'device-1', uris: ['spotify:track:x'] }));
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("403 with the seed's spelling, code PREMIUM_REQUIRED and no message, opens the premium prompt too", async () => {
    await addFault(running.base, {
      match: { method: 'PUT', path: '^/v1/me/player/play$' },
      status: 403,
      body: { error: { status: 403, code: 'PREMIUM_REQUIRED' } },
    });
    await rejection(startPlayback({ deviceId: 'device-1', uris: ['spotify:track:x'] }));
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("other 4xx otherwise: toast 'Something went wrong', not retried", async () => {
    await addFault(running.base, { match: { method: 'GET', path: ME }, status: 400, body: { error: { status: 400 } } });
    expect((await rejection(getMe())).status).toBe(400);
    expect(await faultHits()).toEqual([1]);
    expect(shown).toEqual(['Something went wrong']);
    expectSessionKept();
  });

  it('5xx: after the one GET retry, toast with the response message', async () => {
    await addFault(running.base, {
      match: { method: 'GET', path: ME },
      status: 503,
      body: { error: { status: 503, message: 'Service unavailable' } },
    });
    expect((await rejection(getMe())).status).toBe(503);
    expect(await faultHits()).toEqual([2]);
    expect(waits).toEqual([TEST_RETRY_DELAY_MS]);
    expect(shown).toEqual(['Service unavailable']);
    expectSessionKept();
  });

  it("5xx without a message: toast 'Internal Server Error'; a command (not a GET) is not retried", async () => {
    await addFault(running.base, {
      match: { method: 'POST', path: '^/v1/me/player/next$' },
      status: 500,
      body: { error: { status: 500 } },
    });
    expect((await rejection(skipToNext('device-1'))).status).toBe(500);
    expect(await faultHits()).toEqual([1]);
    expect(waits).toEqual([]);
    expect(shown).toEqual(['Internal Server Error']);
    expectSessionKept();
  });

  it('5xx on the first try and success on the retry shows nothing', async () => {
    await addFault(running.base, { match: { method: 'GET', path: ME }, status: 502, times: 1 });
    expect((await getMe()).id).toBe('guest');
    expect(await faultHits()).toEqual([1]);
    expect(waits).toEqual([TEST_RETRY_DELAY_MS]);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it('429 with Retry-After: waits as told and retries the GET once', async () => {
    // Two seconds, not one: the client's default wait for a 429 without the header is one second.
    await addFault(running.base, { match: { method: 'GET', path: ME }, status: 429, headers: { 'Retry-After': '2' }, times: 1 });
    const started = Date.now();
    expect((await getMe()).id).toBe('guest');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    expect(waits).toEqual([2000]);
    expect(await faultHits()).toEqual([1]);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it('429 with reason QUOTA_EXCEEDED is not retried, and shows nothing extra (it has a message)', async () => {
    await addFault(running.base, {
      match: { method: 'GET', path: ME },
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: { status: 429, message: 'Quota exceeded', reason: 'QUOTA_EXCEEDED' } },
    });
    expect((await rejection(getMe())).reason).toBe('QUOTA_EXCEEDED');
    expect(await faultHits()).toEqual([1]);
    expect(waits).toEqual([]);
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("cancelled requests: the older call of the same name rejects with 'Request was canceled', silently", async () => {
    // The first request is held in the sandbox; the second one, of the same name, is sent only once
    // the first has reached it, so what is cancelled is a request on the wire, not one not yet sent.
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/albums/' }, delayMs: 2000, times: 1 });
    const first = getAlbum(albumId);
    await expect.poll(() => faultHits(), { interval: 20, timeout: 5000 }).toEqual([1]);
    const started = Date.now();
    const second = getAlbum(albumId);
    const error = await rejection(first);
    expect(error.message).toBe('Request was canceled');
    expect(isCanceled(error)).toBe(true);
    expect((await second).id).toBe(albumId);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(shown).toEqual([]);
    expectSessionKept();
  });
});

describe("DESIGN §2's development-mode exceptions, through the same fault injection", () => {
  it("a removed endpoint's 403 is a missing capability, asked once, never a sign-out", async () => {
    // The answer the development profile gives for top-tracks (docs/ARCHITECTURE.md, the sandbox's profiles).
    await addFault(running.base, {
      match: { method: 'GET', path: '^/v1/artists/[^/]+/top-tracks$' },
      status: 403,
      body: { error: { status: 403, message: 'Forbidden' } },
    });
    expect(isUnavailable(await rejection(getArtistTopTracks(artistId)))).toBe(true);
    expect(isUnavailable(await rejection(getArtistTopTracks(artistId)))).toBe(true);
    expect(await faultHits()).toEqual([1]);
    expect($capabilities.get().artistTopTracks).toBe('missing');
    expect(shown).toEqual([]);
    expectSessionKept();
  });

  it("an account refusal ends on /access_denied with the provider's message", async () => {
    await addFault(running.base, {
      match: { method: 'GET', path: ME },
      status: 403,
      body: { error: { status: 403, message: 'The user is not registered for this application' } },
    });
    await rejection(getMe());
    expect(visits).toEqual([{ path: '/access_denied?message=The+user+is+not+registered+for+this+application', replace: true }]);
    expect(localStorage.length).toBe(0);
  });
});

describe('against a sandbox in the development profile', () => {
  let development: RunningSandbox;

  beforeAll(async () => {
    development = await startSandbox('development');
    // Sign in to the development sandbox instead: a fresh session, nothing kept from the other one.
    localStorage.clear();
    $session.set(null);
    await signInToSandbox(development.base);
  }, 120_000);

  afterAll(async () => {
    await development?.stop();
  });

  it("its real 403 for a removed endpoint does not sign out, while an injected bad-request 403 still does", async () => {
    // Without a fault: the development profile's own answer (403 Forbidden on top-tracks).
    const { artists } = await search('a', ['artist'], 1);
    expect(isUnavailable(await rejection(getArtistTopTracks(artists.items[0]!.id)))).toBe(true);
    expect($capabilities.get().artistTopTracks).toBe('missing');
    expect(shown).toEqual([]);
    expectSessionKept();
    // The same status on a call no fallback explains takes the seed's path.
    await addFault(development.base, { match: { method: 'GET', path: ME }, status: 403 });
    await rejection(getMe());
    expect(visits).toEqual([{ path: '/access_denied', replace: true }]);
    expect(localStorage.length).toBe(0);
    await clearFaults(development.base);
  });
});
