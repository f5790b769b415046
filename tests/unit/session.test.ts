// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The page's side of the server session (src/stores/session.ts): its token asked of the site's
// real session routes (helpers/site-session.ts) in memory only, once for every caller at a
// time; sign-out on the server and here; a sign-out in another tab. The server's own side
// (sign-in, refresh, invalid_grant) is server-session.test.ts; the API client's use of the
// token (refresh on 401, SPEC §8) is api-sandbox-rules.test.ts and error-catalogue.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, followSignOutElsewhere, freshAccessToken, refreshSession, signOut } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { clearFaults } from '../../sandbox/tests/harness';
import { recordNavigation } from './helpers/provider';
import { addFault, signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';
import { startSite, type RunningSite } from './helpers/site-session';

let running: RunningSandbox;
let site: RunningSite;
let visits: { path: string; replace: boolean }[];

beforeAll(async () => {
  useBrowserStorage();
  running = await startSandbox();
  site = await startSite(running.url);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await running?.stop();
});

beforeEach(async () => {
  visits = recordNavigation();
  await clearFaults(running.url);
  await signInToSandbox(running.url);
  site.requests.length = 0;
  localStorage.setItem('DEVICE_ID', '"device-1"');
  localStorage.setItem('THEME_MODE_VALUE', '"light"');
});

afterEach(() => {
  vi.restoreAllMocks();
  $toasts.set([]);
});

describe('the page\'s access token', () => {
  it('is the server session\'s, in memory only: no storage holds it or the refresh token', async () => {
    const tokens = (await site.tokens())!;
    expect($session.get()).toEqual({ accessToken: tokens.accessToken, expiresAt: tokens.expiresAt, renewAt: tokens.renewAt });
    const stored = [localStorage, sessionStorage].flatMap((storage) => Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index)!)));
    for (const value of stored) {
      expect(value).not.toContain(tokens.accessToken);
      expect(value).not.toContain(tokens.refreshToken);
    }
  });

  it('is asked once for every caller at the same time, and not at all while it is fresh', async () => {
    expect(await freshAccessToken()).toBe($session.get()!.accessToken);
    expect(site.requests).toEqual([]);
    $session.set(null); // a new page load
    const [first, second, third] = await Promise.all([freshAccessToken(), freshAccessToken(), refreshSession()]);
    expect(first).toBe(second);
    expect(third).toBe('refreshed');
    expect(site.requests).toEqual([{ method: 'POST', path: '/session/token', body: {}, status: 200 }]);
  });

  it("tells a token URL the server cannot reach ('unreachable', nobody signed out) from an ended session ('refused')", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const held = $session.get()!.accessToken;
    // The page reports its token refused by the provider; the server's refresh meets a dropped connection.
    await addFault(running.url, { match: { method: 'POST', path: '^/api/token$' }, drop: true, times: 1 });
    expect(await refreshSession()).toBe('unreachable');
    expect(site.requests.at(-1)).toEqual({ method: 'POST', path: '/session/token', body: { refused: held }, status: 503 });
    expect(await site.tokens()).not.toBeNull();
    expect(localStorage.getItem('DEVICE_ID')).toBe('"device-1"');
    // The provider revokes the refresh token: the server ends the session, and says so.
    await addFault(running.url, { match: { method: 'POST', path: '^/api/token$' }, status: 400, body: { error: 'invalid_grant' }, times: 1 });
    expect(await refreshSession()).toBe('refused');
    expect(site.requests.at(-1)?.status).toBe(401);
    expect(await site.tokens()).toBeNull();
  });
});

describe('signing out (SPEC §4, DESIGN §1)', () => {
  it('ends the server session, clears all local storage and the page\'s token, and replaces history with /auth', async () => {
    await signOut();
    expect(site.requests).toEqual([{ method: 'POST', path: '/session/sign-out', body: null, status: 204 }]);
    expect(await site.tokens()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
    expect($toasts.get()).toEqual([]);
    // The old session cannot hand out a token any more, to this tab or any other.
    expect(await refreshSession()).toBe('refused');
  });

  it("says 'Internet Connection Problem' and stays, keeping everything, when the site cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await site.stop();
    try {
      await signOut();
      expect($toasts.get().map((toast) => toast.message)).toEqual(['Internet Connection Problem']);
      expect(localStorage.getItem('THEME_MODE_VALUE')).toBe('"light"');
      expect($session.get()).not.toBeNull();
      expect(visits).toEqual([]);
    } finally {
      site = await startSite(running.url);
    }
  });

  it("says 'Something went wrong' and stays when the site answers the sign-out with an error: /auth would send the user back to /", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const realFetch = globalThis.fetch;
    const failing = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).endsWith('/session/sign-out') ? Promise.resolve(new Response('', { status: 500 })) : realFetch(input, init),
    );
    try {
      await signOut();
    } finally {
      failing.mockRestore();
    }
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Something went wrong']);
    expect(visits).toEqual([]);
    expect(await site.tokens()).not.toBeNull();
  });

  it('follows a sign-out made in another tab at once, and once: no token left, what it stored since cleared, /auth replacing history', async () => {
    expect(await refreshSession()).toBe('refreshed');
    localStorage.setItem('DEVICE_ID', '"stored-after-the-clear"');
    followSignOutElsewhere();
    // A second tab's clear (what it stored since) reaches this one too: it is already leaving.
    followSignOutElsewhere();
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
  });
});
