// @vitest-environment node
// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The login callback's code exchange and the session's refresh against a real sandbox's token
// URL: its own answers (tokens, rotation, invalid_grant) and its faults on ^/api/token$ (an
// answer without a refresh token, a dropped connection). A pass-through fault (no status)
// counts the requests the token URL received.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_SCOPES } from '../../src/config/provider';
import { PKCE_STORAGE_KEYS, prepareLogin } from '../../src/lib/pkce';
import { completeLogin } from '../../src/stores/login-callback';
import { $session, refreshSession, storeTokens } from '../../src/stores/session';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { recordNavigation, useProvider } from './helpers/provider';
import { addFault, signInAsGuest, signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';

let running: RunningSandbox;
const TOKEN_URL = '^/api/token$';
const countTokenRequests = () => addFault(running.url, { match: { method: 'POST', path: TOKEN_URL } });
const tokenRequests = async () => (await faultHits(running.url))[0];

/** A login attempt in this tab and the /callback URL the sandbox's sign-in form sends back. */
async function callbackUrl(): Promise<URL> {
  return new URL(await signInAsGuest(await prepareLogin(useProvider(running.url, { scopes: LOGIN_SCOPES }))));
}

beforeAll(async () => {
  useBrowserStorage();
  recordNavigation();
  running = await startSandbox();
}, 120_000);

afterAll(() => running?.stop());

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  $session.set(null);
  await clearFaults(running.url);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login callback against the token URL', () => {
  it('exchanges a code whose state matches, with the verifier, and stores the tokens', async () => {
    const callback = await callbackUrl();
    const before = Date.now();
    // The sandbox checks the verifier against the challenge and the redirect URI: an answer proves both.
    expect(await completeLogin(callback.href)).toBe('/');
    expect(JSON.parse(localStorage.getItem('ACCESS_TOKEN') ?? 'null')).toBe($session.get()?.accessToken);
    expect(JSON.parse(localStorage.getItem('REFRESH_TOKEN') ?? 'null')).toEqual(expect.any(String));
    expect(JSON.parse(localStorage.getItem('IS_LOGGED_IN') ?? 'null')).toBe(true);
    expect(Number(localStorage.getItem('TOKEN_EXPIRES_AT'))).toBeGreaterThanOrEqual(before + 3600_000);
    expect(sessionStorage.getItem(PKCE_STORAGE_KEYS.verifier)).toBeNull();
  });

  it('refuses a tampered state, or a code this tab has no verifier for, without asking for a token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await countTokenRequests();
    const forged = await callbackUrl();
    forged.searchParams.set('state', 'forged');
    expect(await completeLogin(forged.href)).toBe('/auth');
    const orphan = await callbackUrl();
    sessionStorage.clear();
    expect(await completeLogin(orphan.href)).toBe('/auth');
    expect(await tokenRequests()).toBe(0);
    expect($session.get()).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });

  it('goes to /auth when the token URL refuses the code (invalid_grant)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await countTokenRequests();
    const callback = await callbackUrl();
    callback.searchParams.set('code', 'not-a-code');
    expect(await completeLogin(callback.href)).toBe('/auth');
    expect(await tokenRequests()).toBe(1);
    expect($session.get()).toBeNull();
  });
});

describe('the session refresh against the token URL', () => {
  it('refreshes once for concurrent callers and keeps the rotated refresh token; the old one is refused', async () => {
    await signInToSandbox(running.url);
    const signedIn = $session.get()!;
    await countTokenRequests();
    expect(await Promise.all([refreshSession(), refreshSession()])).toEqual(['refreshed', 'refreshed']);
    expect(await tokenRequests()).toBe(1);
    const refreshed = $session.get()!;
    expect(refreshed.accessToken).not.toBe(signedIn.accessToken);
    expect(refreshed.refreshToken).toEqual(expect.any(String));
    expect(refreshed.refreshToken).not.toBe(signedIn.refreshToken);

    // The sandbox rotates: the refresh token used once answers invalid_grant.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeTokens({ ...refreshed, refreshToken: signedIn.refreshToken });
    expect(await refreshSession()).toBe('refused');
  });

  it('keeps the old refresh token when the answer has none', async () => {
    await signInToSandbox(running.url);
    const signedIn = $session.get()!;
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, status: 200, body: { access_token: 'A3', token_type: 'Bearer', expires_in: 60 }, times: 1 });
    expect(await refreshSession()).toBe('refreshed');
    expect($session.get()).toMatchObject({ accessToken: 'A3', refreshToken: signedIn.refreshToken });
  });

  it('tells an unreachable token URL (a dropped connection) apart from a refusal', async () => {
    await signInToSandbox(running.url);
    const signedIn = $session.get()!;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await addFault(running.url, { match: { method: 'POST', path: TOKEN_URL }, drop: true, times: 1 });
    expect(await refreshSession()).toBe('unreachable');
    expect($session.get()?.refreshToken).toBe(signedIn.refreshToken);
  });
});
