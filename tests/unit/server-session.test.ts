// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The site's server as the OAuth client (DESIGN §1): the sign-in from /login to /callback,
// and the session's refresh, against a real sandbox's authorize page and token URL, with its
// own answers (codes, rotation, invalid_grant) and its faults on ^/api/token$ (an answer
// without a refresh token, a dropped connection). A pass-through fault (no status) counts the
// requests the token URL received. The requests are Astro's own contexts over an in-memory
// session store (helpers/site-session.ts), so the cookies are the ones a browser would get.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import { completeLogin, judgeCallback } from '../../src/server/login-callback';
import { takeNotice } from '../../src/server/notice';
import { startLoginAttempt, takeLoginAttempt } from '../../src/server/login-attempt';
import { cookiePathsOf, LOGIN_COOKIE, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../src/server/session-cookie';
import { currentSession, dropForeignCookies, FORCED_REFRESH_GAP_MS, holdsSession, readTokens, startSession } from '../../src/server/session-tokens';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { signIn } from '../../sandbox/tests/oauth';
import { refreshTokens, toTokenSet } from '../../src/api/auth';
import { LOGIN_SCOPES, readTokenClient } from '../../src/config/provider';
import { addFault, signInAsGuest, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { builtSiteSessions, cookieJar, siteContext, type SessionStore } from './helpers/site-session';
import { POST as tokenRoute } from '../../src/pages/session/token';
import { POST as signOutRoute } from '../../src/pages/session/sign-out';
import { SITE_REQUEST_HEADER, SITE_REQUEST_VALUE } from '../../src/lib/site-request';
import { GET as loginRoute } from '../../src/pages/login';
import { FORGET_SESSION_SCRIPT } from '../../src/layouts/head-scripts';
import { getMe } from '../../src/api/me';
import { getPlaylistTracks } from '../../src/api/playlists';
import { pageCapabilities, runPageCalls } from '../../src/server/page-calls';
import { pageToast, partOf, viewerOf } from '../../src/server/page-data';
import { createStorage } from 'unstorage';

const SITE = 'http://127.0.0.1:4331';
const TOKEN_URL = '^/api/token$';
const SETTINGS = ['SITE_URL', 'SANDBOX_URL', 'PROVIDER', 'PROVIDER_TOKEN_URL', 'PROVIDER_AUTHORIZE_URL'] as const;

let running: RunningSandbox;
let saved: Partial<Record<(typeof SETTINGS)[number], string>>;
let sessions: SessionStore;

/** Where a /login answer sends the browser: its redirect, or the refresh of the page that ends a session on the way. */
async function authorizeTarget(answer: Response, page?: string): Promise<string | null> {
  const refresh = /http-equiv="refresh" content="0;url=([^"]*)"/.exec(page ?? (await answer.clone().text()));
  return answer.headers.get('Location') ?? refresh?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') ?? null;
}

const countTokenRequests = () => addFault(running.url, { match: { method: 'POST', path: TOKEN_URL } });
const tokenRequests = async () => (await faultHits(running.url))[0];

/** One browser: its cookie jar, and the site's context for each request it makes (the Set-Cookie answers kept with `keep`). */
function aBrowser() {
  const jar = cookieJar();
  return {
    jar,
    /** `headers`: what the browser adds (`Sec-Fetch-Site` for a link from elsewhere). */
    request(url: string, headers: Record<string, string> = {}) {
      const path = new URL(url, SITE).pathname;
      const cookie = jar.header(path);
      return siteContext(new Request(new URL(url, SITE), { headers: cookie ? { ...headers, cookie } : headers }), sessions);
    },
    keep(context: ReturnType<typeof siteContext>) {
      const lines = [...context.cookies.headers()];
      jar.keep(lines);
      return lines;
    },
  };
}

/** GET /login in `browser`, then the sandbox's "Continue as guest": the /callback URL the provider sends the browser back to. */
async function startSignIn(browser: ReturnType<typeof aBrowser>): Promise<URL> {
  const login = browser.request('/login');
  const authorizeUrl = await startLoginAttempt(login.cookies);
  browser.keep(login);
  return new URL(await signInAsGuest(authorizeUrl));
}

/** A browser signed in as /callback leaves it, with the sandbox's real tokens; resolves to them. */
async function signedInBrowser(tokens?: TokenSet) {
  const browser = aBrowser();
  const context = browser.request('/callback');
  const signedIn = tokens ?? toTokenSet(await signIn(running.url, LOGIN_SCOPES));
  await startSession(context, signedIn);
  browser.keep(context);
  return { browser, tokens: signedIn };
}

beforeAll(async () => {
  running = await startSandbox();
  saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
  for (const name of SETTINGS) delete process.env[name];
  process.env.SITE_URL = SITE;
  process.env.SANDBOX_URL = running.url;
}, 120_000);

afterAll(async () => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await running?.stop();
});

beforeEach(async () => {
  sessions = new Map();
  await clearFaults(running.url);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what /callback does with the URL it is given (SPEC §2)', () => {
  const at = (query: string) => new URL(`${SITE}/callback${query}`);

  it('sends a signed-in user to /, access_denied to /access_denied with the description, other errors to /auth', () => {
    expect(judgeCallback(at('?code=C1&state=s'), true)).toEqual({ kind: 'redirect', to: '/' });
    expect(judgeCallback(at('?error=access_denied&state=s'), false)).toEqual({ kind: 'redirect', to: '/access_denied' });
    expect(judgeCallback(at('?error=access_denied&error_description=Not%20for%20you'), false)).toEqual({
      kind: 'redirect',
      to: '/access_denied?message=Not+for+you',
    });
    // Any other error says something on /auth: the user chose to sign in.
    expect(judgeCallback(at('?error=server_error'), false)).toEqual({ kind: 'redirect', to: '/auth', notice: 'sign-in-failed' });
  });

  it('exchanges a code with its state, and gives up on nothing to act on (a fragment never reaches the server)', () => {
    expect(judgeCallback(at('?code=C1&state=s'), false)).toEqual({ kind: 'exchange', code: 'C1', state: 's' });
    expect(judgeCallback(at('?code=C1'), false)).toEqual({ kind: 'exchange', code: 'C1', state: null });
    for (const nothing of ['', '?state=x', '#access_token=F1']) {
      expect(judgeCallback(at(nothing), false), nothing).toEqual({ kind: 'give-up' });
    }
  });
});

describe('the sign-in on the server against the token URL', () => {
  it('keeps the attempt in a short HttpOnly cookie (for /login and /callback), and asks the provider with S256 and the login scopes', async () => {
    const browser = aBrowser();
    const login = browser.request('/login');
    const authorize = new URL(await startLoginAttempt(login.cookies));
    expect(authorize.origin).toBe(running.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SITE}/callback`);
    expect(authorize.searchParams.get('scope')).toBe(LOGIN_SCOPES.join(' '));
    const [cookie] = browser.keep(login);
    expect(cookie).toMatch(/^my-music-login=[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    // The verifier never leaves the server's cookie: the authorize URL carries its challenge only.
    expect(authorize.href).not.toContain(decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!));
  });

  it('two tabs signing in at once both finish: /login keeps the attempt the other tab started (it could not read it, kept for /callback alone)', async () => {
    const browser = aBrowser();
    const first = await startSignIn(browser);
    const second = await startSignIn(browser);
    for (const callbackUrl of [first, second]) {
      const callback = browser.request(callbackUrl.href);
      const attempt = takeLoginAttempt(callback.cookies, callbackUrl.searchParams.get('state'));
      expect(attempt, callbackUrl.searchParams.get('state') ?? '').not.toBeNull();
      browser.keep(callback);
    }
  });

  it('exchanges a code whose state matches, stores the tokens in a new session and sets only its id in the cookie', async () => {
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    const callback = browser.request(callbackUrl.href);
    // The sandbox checks the verifier against the challenge and the redirect URI: an answer proves both.
    expect(await completeLogin(callback)).toBe('/');
    const cookies = browser.keep(callback);
    // Its first page forgets what this browser kept of an earlier session.
    expect(cookies).toContainEqual(expect.stringMatching(/^my-music-new-session=1;/));
    expect(cookies).toContainEqual(expect.stringMatching(/^my-music-login=deleted; Path=\/; Expires=Thu, 01 Jan 1970/));
    const session = cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toMatch(new RegExp(`^${SESSION_COOKIE}=[0-9a-f-]{36}; Max-Age=${SESSION_TTL_SECONDS}; Path=/; HttpOnly; SameSite=Lax$`));
    const tokens = await readTokens(browser.request('/'));
    expect(tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(Number), renewAt: expect.any(Number) });
    expect(session).not.toContain(tokens!.accessToken);
    // Back on /callback once signed in: straight to /, nothing exchanged again.
    await countTokenRequests();
    expect(await completeLogin(browser.request(callbackUrl.href))).toBe('/');
    expect(await tokenRequests()).toBe(0);
  });

  it('refuses a tampered state, a replayed callback and another browser\'s code without asking for a token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    await countTokenRequests();
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'forged');
    expect(await completeLogin(browser.request(forged.href))).toBe('/auth');
    // The same code in a browser that never started this sign-in.
    const other = aBrowser();
    const refused = other.request(callbackUrl.href);
    expect(await completeLogin(refused)).toBe('/auth');
    // /auth says so (most often an attempt that lapsed while the user was on the provider's pages).
    expect(other.keep(refused)).toContainEqual(expect.stringMatching(/^my-music-notice=sign-in-failed;/));
    expect(await tokenRequests()).toBe(0);
    expect(sessions.size).toBe(0);
    // The real callback once; the same URL again in this browser (signed out meanwhile) finds the attempt spent.
    const loginCookie = browser.jar.header('/callback')!;
    const first = browser.request(callbackUrl.href);
    expect(await completeLogin(first)).toBe('/');
    browser.keep(first);
    expect(await tokenRequests()).toBe(1);
    browser.jar.keep([`${SESSION_COOKIE}=deleted; Path=/; Max-Age=0`]);
    expect(await completeLogin(browser.request(callbackUrl.href))).toBe('/auth');
    expect(await tokenRequests()).toBe(1);
    // Someone who copied the login cookie as well gets nothing either: the provider refuses a spent code.
    const copied = aBrowser();
    copied.jar.keep([`${loginCookie}; Path=/`]);
    expect(await completeLogin(copied.request(callbackUrl.href))).toBe('/auth');
    expect(sessions.size).toBe(1);
  });

  it('joins the session a reloaded /callback started: the code is exchanged once, and both answers carry the one session', async () => {
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    await countTokenRequests();
    // A slow token URL: the user reloads the page before the first answer reached the browser,
    // which still has the login cookie the first answer deletes.
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, delayMs: 300, times: 1 });
    const first = browser.request(callbackUrl.href);
    const reloaded = browser.request(callbackUrl.href);
    expect(await Promise.all([completeLogin(first), completeLogin(reloaded)])).toEqual(['/', '/']);
    expect(await tokenRequests()).toBe(1);
    expect(sessions.size).toBe(1);
    const sessionCookie = (request: typeof first) => [...request.cookies.headers()].find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionCookie(reloaded)).toBe(sessionCookie(first));
    browser.keep(reloaded);
    expect(await readTokens(browser.request('/'))).not.toBeNull();
  });

  it('stores nothing when the token URL refuses the code (invalid_grant)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    await countTokenRequests();
    callbackUrl.searchParams.set('code', 'not-a-code');
    const callback = browser.request(callbackUrl.href);
    expect(await completeLogin(callback)).toBe('/auth');
    expect(await tokenRequests()).toBe(1);
    expect(sessions.size).toBe(0);
    expect([...callback.cookies.headers()].some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    // /auth says it, rather than showing the landing page again with no word.
    expect(takeNotice(callback.cookies)).toBe('Something went wrong');
  });

  it("says 'Internet Connection Problem' on /auth when the token URL cannot be reached at sign-in", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, drop: true, times: 1 });
    const callback = browser.request(callbackUrl.href);
    expect(await completeLogin(callback)).toBe('/auth');
    expect(sessions.size).toBe(0);
    expect(takeNotice(callback.cookies)).toBe('Internet Connection Problem');
  });

  it("takes a forged notice for none ('valueOf' is no notice of ours)", () => {
    const browser = aBrowser();
    browser.jar.keep(['my-music-notice=valueOf; Path=/auth']);
    expect(takeNotice(browser.request('/auth').cookies)).toBeNull();
  });

  it('gives a new session id at sign-in, never the one a visitor brought along', async () => {
    const browser = aBrowser();
    browser.jar.keep([`${SESSION_COOKIE}=planted-by-someone; Path=/`]);
    sessions.set('planted-by-someone', new Map());
    const callback = browser.request((await startSignIn(browser)).href);
    expect(await completeLogin(callback)).toBe('/');
    browser.keep(callback);
    expect(browser.jar.header('/')).not.toContain('planted-by-someone');
    expect(await readTokens(browser.request('/'))).not.toBeNull();
  });
});

describe('the session refresh on the server against the token URL', () => {
  const later = (tokens: TokenSet) => tokens.renewAt! + 1;

  it('uses the tokens as they are until they are due', async () => {
    const { browser, tokens } = await signedInBrowser();
    await countTokenRequests();
    expect(await currentSession(browser.request('/'), null, tokens.renewAt! - 1)).toEqual({ kind: 'signed-in', tokens });
    expect(await tokenRequests()).toBe(0);
  });

  it('refreshes once for parallel requests of one session, keeps the rotated token; the old one is refused', async () => {
    const { browser, tokens } = await signedInBrowser();
    await countTokenRequests();
    const states = await Promise.all([1, 2, 3].map(() => currentSession(browser.request('/'), null, later(tokens))));
    expect(await tokenRequests()).toBe(1);
    const renewed = states.map((state) => (state.kind === 'signed-in' ? state.tokens : null));
    expect(new Set(renewed.map((set) => set?.accessToken)).size).toBe(1);
    expect(renewed[0]!.accessToken).not.toBe(tokens.accessToken);
    expect(renewed[0]!.refreshToken).toEqual(expect.any(String));
    expect(renewed[0]!.refreshToken).not.toBe(tokens.refreshToken);
    expect(await readTokens(browser.request('/'))).toEqual(renewed[0]);

    // Another request that read the session before the new tokens were kept still carries the
    // spent refresh token: within a minute the ledger gives it the same answer, and spends nothing.
    const stale = await signedInBrowser({ ...tokens, renewAt: 0 });
    expect(await currentSession(stale.browser.request('/'))).toEqual({ kind: 'signed-in', tokens: renewed[0] });
    expect(await tokenRequests()).toBe(1);
    // Why it matters: the sandbox rotates, and a spent refresh token is refused.
    await expect(refreshTokens(readTokenClient(), tokens.refreshToken!)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('refreshes when the page reports the provider refused the token it holds, and not for an older token', async () => {
    const { browser, tokens } = await signedInBrowser();
    await countTokenRequests();
    expect(await currentSession(browser.request('/'), 'an-older-token')).toEqual({ kind: 'signed-in', tokens });
    expect(await tokenRequests()).toBe(0);
    const state = await currentSession(browser.request('/'), tokens.accessToken);
    expect(state.kind).toBe('signed-in');
    expect(await tokenRequests()).toBe(1);
  });

  it('holds a second forced refresh within the gap: the token route answers 429 with Retry-After, nothing is spent, the session stays', async () => {
    const { browser, tokens } = await signedInBrowser();
    await countTokenRequests();
    const first = await currentSession(browser.request('/'), tokens.accessToken);
    expect(first.kind).toBe('signed-in');
    const forced = first.kind === 'signed-in' ? first.tokens : tokens;
    expect(await tokenRequests()).toBe(1);

    // A page's script reports the new token refused at once, again and again.
    const refusedAgain = () => {
      const request = new Request(`${SITE}/session/token`, { method: 'POST', body: JSON.stringify({ refused: forced.accessToken }) });
      return tokenRoute(siteContext(new Request(request, { headers: { cookie: browser.jar.header('/session/token')! } }), sessions));
    };
    for (const response of await Promise.all([refusedAgain(), refusedAgain()])) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(FORCED_REFRESH_GAP_MS / 1000);
    }
    expect(await tokenRequests()).toBe(1);
    expect(await readTokens(browser.request('/'))).toEqual(forced);

    // Once the gap is over, a refusal renews again.
    const after = await currentSession(browser.request('/'), forced.accessToken, Date.now() + FORCED_REFRESH_GAP_MS);
    expect(after.kind).toBe('signed-in');
    expect(await tokenRequests()).toBe(2);
  });

  it('keeps the old refresh token when the answer has none (the provider since July 2026)', async () => {
    const { browser, tokens } = await signedInBrowser();
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status: 200, body: { access_token: 'A3', token_type: 'Bearer', expires_in: 3600 }, times: 1 });
    const state = await currentSession(browser.request('/'), null, later(tokens));
    expect(state).toMatchObject({ kind: 'signed-in', tokens: { accessToken: 'A3', refreshToken: tokens.refreshToken } });
    expect(await readTokens(browser.request('/'))).toMatchObject({ accessToken: 'A3', refreshToken: tokens.refreshToken });
  });

  it('ends the session on invalid_grant: the tokens leave the store and the cookie the browser', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser, tokens } = await signedInBrowser();
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status: 400, body: { error: 'invalid_grant' }, times: 1 });
    const context = browser.request('/');
    expect(await currentSession(context, null, later(tokens))).toEqual({ kind: 'expired' });
    expect(browser.keep(context)).toContainEqual(expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=deleted; Path=/; Expires=Thu, 01 Jan 1970`)));
    expect(sessions.size).toBe(0);
    expect(await currentSession(browser.request('/'))).toEqual({ kind: 'visitor' });
  });

  it("answers the page's token request 401 when the provider ends the session, leaving 'Session Expired' for /auth", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser, tokens } = await signedInBrowser();
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status: 400, body: { error: 'invalid_grant' }, times: 1 });
    const request = new Request(`${SITE}/session/token`, { method: 'POST', body: JSON.stringify({ refused: tokens.accessToken }) });
    const context = siteContext(new Request(request, { headers: { cookie: browser.jar.header('/session/token')! } }), sessions);
    const response = await tokenRoute(context);
    expect(response.status).toBe(401);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(browser.keep(context)).toContainEqual(expect.stringMatching(/^my-music-notice=session-expired; Max-Age=60; Path=\/auth; HttpOnly; SameSite=Lax$/));
    // A visitor's request (no session at all) leaves no notice: nothing expired.
    const visitor = aBrowser().request('/session/token');
    expect((await tokenRoute(visitor)).status).toBe(401);
    expect([...visitor.cookies.headers()]).toEqual([]);
  });

  it("keeps the session when the token URL fails for a moment (a 5xx, a rate limit): only its refusal signs the user out", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser, tokens } = await signedInBrowser();
    for (const status of [503, 429]) {
      await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status, body: { error: 'server_error' }, times: 1 });
      // Due but not expired: the token still works meanwhile; expired: nothing usable, but no sign-out.
      expect(await currentSession(browser.request('/'), null, later(tokens)), `${status}`).toEqual({ kind: 'signed-in', tokens });
      await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status, body: { error: 'server_error' }, times: 1 });
      expect(await currentSession(browser.request('/'), null, tokens.expiresAt! + 1), `${status}`).toEqual({ kind: 'unreachable' });
      expect(await readTokens(browser.request('/'))).toEqual(tokens);
    }
    // The provider answers again: the refresh token was never spent.
    expect((await currentSession(browser.request('/'), null, later(tokens))).kind).toBe('signed-in');
  });

  it('tells an unreachable token URL (a dropped connection) apart from a refusal, and keeps the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser, tokens } = await signedInBrowser();
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, drop: true, times: 2 });
    // Due but not expired: the token still works meanwhile.
    expect(await currentSession(browser.request('/'), null, later(tokens))).toEqual({ kind: 'signed-in', tokens });
    // Expired: nothing usable, but nobody is signed out for a network failure.
    expect(await currentSession(browser.request('/'), null, tokens.expiresAt! + 1)).toEqual({ kind: 'unreachable' });
    expect(await readTokens(browser.request('/'))).toEqual(tokens);
    // Reached again: the refresh token was never spent, so it still works.
    expect((await currentSession(browser.request('/'), null, later(tokens))).kind).toBe('signed-in');
  });
});

describe("requests of one session that overlap (Astro's session saves a request's copy as it ends)", () => {
  type Site = Awaited<ReturnType<typeof builtSiteSessions>>;

  /** A browser signed in on `site` as /callback leaves it. */
  async function signedInOn(site: Site, tokens: TokenSet) {
    const jar = cookieJar();
    const callback = site.request(new Request(`${SITE}/callback`));
    await startSession(callback, tokens);
    await callback.finish();
    jar.keep(callback.cookies.headers());
    return jar;
  }

  /** One request of this browser; `finished` ends it as Astro does and keeps what it set in the jar. */
  function requestOf(site: Site, jar: ReturnType<typeof cookieJar>, path: string, init: RequestInit = {}) {
    const cookie = jar.header(path);
    const request = site.request(new Request(`${SITE}${path}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) } }));
    return Object.assign(request, {
      async finished() {
        await request.finish();
        jar.keep(request.cookies.headers());
      },
    });
  }

  /** A POST of the site's own script (its custom header: src/lib/site-request.ts). */
  const post = (site: Site, jar: ReturnType<typeof cookieJar>, path: string, body: unknown = {}) =>
    requestOf(site, jar, path, { method: 'POST', body: JSON.stringify(body), headers: { [SITE_REQUEST_HEADER]: SITE_REQUEST_VALUE } });

  async function signOut(site: Site, jar: ReturnType<typeof cookieJar>) {
    const request = post(site, jar, '/session/sign-out');
    expect((await signOutRoute(request)).status).toBe(204);
    await request.finished();
  }

  /** Resolves once `check` holds (polled). */
  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it("LogOut's plain form (JavaScript off, no custom header) ends the session and sends the browser to /auth; the script's LogOut gets 204", async () => {
    const site = await builtSiteSessions();
    const jar = await signedInOn(site, toTokenSet(await signIn(running.url, LOGIN_SCOPES)));
    const cookie = jar.header('/')!;
    const form = requestOf(site, jar, '/session/sign-out', { method: 'POST', body: '', headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' } });
    const answer = await signOutRoute(form);
    await form.finished();
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/auth');
    expect(await readTokens(site.request(new Request(`${SITE}/`, { headers: { cookie } })))).toBeNull();
  });

  it('a sign-out while a token request refreshes stays a sign-out: the refresh writes nothing back, nor sets the cookie again', async () => {
    const site = await builtSiteSessions();
    const tokens = toTokenSet(await signIn(running.url, LOGIN_SCOPES));
    const jar = await signedInOn(site, { ...tokens, renewAt: 0 });
    const cookie = jar.header('/')!;
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, delayMs: 300, times: 1 });
    const refreshing = post(site, jar, '/session/token');
    const answering = tokenRoute(refreshing);
    // The request has read the session and waits for the token URL: now the user signs out.
    await until(async () => (await tokenRequests()) === 1);
    await signOut(site, jar);
    const answer = await answering;
    await refreshing.finished();
    expect(answer.status).toBe(401);
    expect(jar.header('/')).toBeNull();
    // Nor does a request that still carries the old cookie (another tab) find a session.
    expect(await readTokens(site.request(new Request(`${SITE}/`, { headers: { cookie } })))).toBeNull();
  });

  it('a sign-out while a page renders stays a sign-out: what the page learns is not written back', async () => {
    const site = await builtSiteSessions();
    const tokens = toTokenSet(await signIn(running.url, LOGIN_SCOPES));
    const jar = await signedInOn(site, tokens);
    const cookie = jar.header('/')!;
    const page = requestOf(site, jar, '/playlist/x');
    // The middleware's read, then the sign-out in another tab, then the page's own calls.
    expect(await currentSession(page)).toEqual({ kind: 'signed-in', tokens });
    await signOut(site, jar);
    expect(await runPageCalls(page, tokens, () => viewerOf(page))).toMatchObject({ id: 'guest' });
    await page.finished();
    expect(jar.header('/')).toBeNull();
    expect(await readTokens(site.request(new Request(`${SITE}/`, { headers: { cookie } })))).toBeNull();
  });

  it('a page that read the session before a refresh keeps what it learns without putting the spent tokens back', async () => {
    const site = await builtSiteSessions();
    const tokens = toTokenSet(await signIn(running.url, LOGIN_SCOPES));
    const jar = await signedInOn(site, tokens);
    const playlistId = ((await (await running.get('/v1/browse/featured-playlists?limit=1', tokens.accessToken)).json()) as { playlists: { items: { id: string }[] } }).playlists.items[0]!.id;
    const page = requestOf(site, jar, `/playlist/${playlistId}`);
    expect(await currentSession(page)).toEqual({ kind: 'signed-in', tokens });
    // Meanwhile another tab's token request: the provider refused this token, the session refreshes (and the refresh token rotates).
    const other = post(site, jar, '/session/token', { refused: tokens.accessToken });
    const renewed = (await (await tokenRoute(other)).json()) as { accessToken: string };
    await other.finished();
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    // The page goes on with the token it began with (still good at the provider), and learns the viewer and a capability.
    await runPageCalls(page, tokens, async () => {
      await viewerOf(page);
      await getPlaylistTracks(playlistId);
      expect(pageCapabilities()).toEqual({ legacyPlaylistTracks: 'available' });
    });
    await page.finished();

    const kept = await readTokens(requestOf(site, jar, '/'));
    expect(kept?.accessToken).toBe(renewed.accessToken);
    expect(kept?.refreshToken).not.toBe(tokens.refreshToken);
    const record = await site.store.read(jar.header('/')!.split('=')[1]!);
    expect(record).toMatchObject({ viewer: { profile: { id: 'guest' } }, capabilities: { legacyPlaylistTracks: 'available' } });
  });

  it("signs nobody out while the session store cannot be read: the token request answers 503 and keeps the cookie, a page says 'Internet Connection Problem'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = () => Promise.reject(new Error('connect ECONNREFUSED (Redis)'));
    const site = await builtSiteSessions(createStorage({ driver: { name: 'gone', hasItem: gone, getItem: gone, setItem: gone, removeItem: gone, getKeys: gone, clear: gone } }));
    const jar = cookieJar();
    jar.keep([`${SESSION_COOKIE}=0b7f9a3e-9d4c-4a71-8a6e-2f1c3d5e7a90; Path=/`]);

    const token = post(site, jar, '/session/token');
    const answer = await tokenRoute(token);
    expect(answer.status).toBe(503);
    // Named for both things it may be, so an operator reading it looks at the store too (it blamed the token URL).
    expect(await answer.json()).toEqual({ error: 'session_unreachable' });
    expect([...token.cookies.headers()]).toEqual([]);

    // The middleware renders the page rather than sending it to /auth, with no token to send:
    // its calls try to renew, fail as a connection problem, and nothing reaches the provider.
    const page = requestOf(site, jar, '/');
    expect(await currentSession(page)).toEqual({ kind: 'unreachable' });
    await addFault(running.url, { match: { path: '^/v1/' } });
    const toast = await runPageCalls(page, null, async () => {
      expect(await partOf(getMe())).toBeNull();
      return pageToast();
    });
    expect(toast).toBe('Internet Connection Problem');
    expect(await faultHits(running.url)).toEqual([0]);
    expect([...page.cookies.headers()]).toEqual([]);

    // The landing page (/auth) does not take them for a visitor either: they go to /, which says
    // what failed, rather than to a Log in that cannot keep a session now. A browser with no
    // session cookie is a visitor, store or not.
    expect(await holdsSession(requestOf(site, jar, '/auth'))).toBe(true);
    expect(await holdsSession(requestOf(site, cookieJar(), '/auth'))).toBe(false);
  });
});

describe('cookies planted by another app on this host (cookies ignore ports)', () => {
  /** The id of the session a browser holds. */
  const idOf = (browser: ReturnType<typeof aBrowser>) => browser.jar.header('/')!.split('=')[1]!;
  /** A request as the browser sends it with a second cookie of a name, planted at a longer path: that one comes first. */
  const withPlanted = (url: string, cookies: string, init: RequestInit = {}) =>
    siteContext(new Request(new URL(url, SITE), { ...init, headers: { cookie: cookies } }), sessions);
  const ANSWER_OF_DOUBLED = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax';

  it('takes neither of two session cookies: the token route answers as for an ended session, and the answer clears the name at every path', async () => {
    const user = await signedInBrowser();
    const planter = await signedInBrowser();
    const context = withPlanted('/session/token', `${SESSION_COOKIE}=${idOf(planter.browser)}; ${SESSION_COOKIE}=${idOf(user.browser)}`, { method: 'POST' });
    const clearings = dropForeignCookies(context);
    const answer = await tokenRoute(context);
    expect(answer.status).toBe(401);
    const body = await answer.text();
    expect(body).not.toContain(planter.tokens.accessToken);
    expect(body).not.toContain(user.tokens.accessToken);
    // As an ended session: /auth says 'Session Expired'; and the name goes from '/' (Astro's
    // cookies) and from every other path a cookie sent to /session/token can have.
    const cookies = [...context.cookies.headers()];
    expect(cookies).toContainEqual(expect.stringMatching(/^my-music-notice=session-expired;/));
    expect(cookies).toContainEqual(`${SESSION_COOKIE}=deleted; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`);
    expect(clearings).toEqual(['/session', '/session/', '/session/token'].map((path) => `${SESSION_COOKIE}=deleted; Path=${path}; ${ANSWER_OF_DOUBLED}`));
    // Neither session is ended in the store: nothing says which is the user's.
    expect(sessions.size).toBe(2);
  });

  it('sends a page with two session cookies to /auth as an ended session, and reads no tokens for it', async () => {
    const user = await signedInBrowser();
    const planter = await signedInBrowser();
    const cookie = `${SESSION_COOKIE}=${idOf(planter.browser)}; ${SESSION_COOKIE}=${idOf(user.browser)}`;
    const page = withPlanted('/album/al1', cookie);
    dropForeignCookies(page);
    expect(await currentSession(page)).toEqual({ kind: 'expired' });
    expect(await readTokens(page)).toBeNull();
    // /auth, where it goes, shows the landing page (no session sends it home) and clears the names too.
    const landing = withPlanted('/auth', cookie);
    expect(dropForeignCookies(landing)).toEqual([`${SESSION_COOKIE}=deleted; Path=/auth; ${ANSWER_OF_DOUBLED}`]);
    expect(await readTokens(landing)).toBeNull();
    // One cookie is the session, as ever.
    const alone = user.browser.request('/album/al1');
    expect(dropForeignCookies(alone)).toEqual([]);
    expect(await currentSession(alone)).toEqual({ kind: 'signed-in', tokens: user.tokens });
  });

  it('takes neither of two login cookies: a callback with a planted sign-in exchanges nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = aBrowser();
    const callbackUrl = await startSignIn(browser);
    const planter = aBrowser();
    await startSignIn(planter);
    const planted = planter.jar.header('/callback')!;
    expect(planted).toMatch(new RegExp(`^${LOGIN_COOKIE}=`));
    await countTokenRequests();
    const callback = withPlanted(callbackUrl.href, `${planted}; ${browser.jar.header('/callback')!}`);
    expect(dropForeignCookies(callback)).toEqual([`${LOGIN_COOKIE}=deleted; Path=/callback; ${ANSWER_OF_DOUBLED}`]);
    expect(await completeLogin(callback)).toBe('/auth');
    expect(await tokenRequests()).toBe(0);
    expect(sessions.size).toBe(0);
    expect([...callback.cookies.headers()]).toContainEqual(expect.stringMatching(new RegExp(`^${LOGIN_COOKIE}=deleted; Path=/;`)));
  });

  it('lets /login start a fresh sign-in from within a session: the session ends, so /callback signs in rather than going home', async () => {
    const { browser } = await signedInBrowser();
    const login = browser.request('/login');
    const answer = await loginRoute(login);
    // Not a plain redirect: a page that forgets the session, telling the browser's other tabs (the
    // first commit's mark and clear), on its way to the provider.
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const page = await answer.text();
    expect(page).toContain(`<script>${FORGET_SESSION_SCRIPT}</script>`);
    expect(page.indexOf('<script>')).toBeLessThan(page.indexOf('http-equiv="refresh"'));
    expect(await authorizeTarget(answer, page)).toMatch(new RegExp(`^${running.url}/authorize\\?`));
    const cookies = browser.keep(login);
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=deleted; Path=/;`)));
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^${LOGIN_COOKIE}=`)));
    expect(sessions.size).toBe(0);
    const callbackUrl = new URL(await signInAsGuest((await authorizeTarget(answer, page))!));
    const callback = browser.request(callbackUrl.href);
    expect(await completeLogin(callback)).toBe('/');
    browser.keep(callback);
    expect(await readTokens(browser.request('/'))).not.toBeNull();
  });

  it('sends a signed-in user who followed a link to /login from another site home, signed in: a link elsewhere does not sign anyone out', async () => {
    const { browser } = await signedInBrowser();
    const login = browser.request('/login', { 'Sec-Fetch-Site': 'cross-site' });
    const answer = await loginRoute(login);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/');
    expect(sessions.size).toBe(1);
    expect(await readTokens(browser.request('/'))).not.toBeNull();
    // From a page of this site, or the address typed: the fresh sign-in above.
    expect(await authorizeTarget(await loginRoute(browser.request('/login', { 'Sec-Fetch-Site': 'same-origin' })))).toMatch(/\/authorize\?/);
  });

  it('names both cookies with the __Host- prefix on an https site, and reads no cookie without it there', async () => {
    const site = process.env.SITE_URL;
    process.env.SITE_URL = 'https://music.example';
    try {
      const browser = aBrowser();
      const login = browser.request('/login');
      await startLoginAttempt(login.cookies);
      expect([...login.cookies.headers()]).toEqual([expect.stringMatching(new RegExp(`^__Host-${LOGIN_COOKIE}=[^;]+; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax$`))]);
      const callback = browser.request('/callback');
      const tokens = toTokenSet(await signIn(running.url, LOGIN_SCOPES));
      const id = await startSession(callback, tokens);
      expect([...callback.cookies.headers()]).toEqual([`__Host-${SESSION_COOKIE}=${id}; Max-Age=${SESSION_TTL_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`]);
      const at = (cookie: string) => siteContext(new Request(`${SITE}/`, { headers: { cookie } }), sessions);
      expect(await readTokens(at(`__Host-${SESSION_COOKIE}=${id}`))).toEqual(tokens);
      // Planted over plain http or by a sibling subdomain: a name without the prefix is no session here.
      expect(await readTokens(at(`${SESSION_COOKIE}=${id}`))).toBeNull();
    } finally {
      process.env.SITE_URL = site;
    }
  });

  it('knows every path a cookie sent with a request can have been set at', () => {
    expect(cookiePathsOf('/')).toEqual(['/']);
    expect(cookiePathsOf('/session/token')).toEqual(['/', '/session', '/session/', '/session/token']);
    expect(cookiePathsOf('/album/a1/')).toEqual(['/', '/album', '/album/', '/album/a1', '/album/a1/']);
    // A path no Set-Cookie can name is left out.
    expect(cookiePathsOf('/search;x')).toEqual(['/']);
  });
});
