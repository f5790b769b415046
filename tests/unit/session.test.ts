import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { PKCE_STORAGE_KEYS } from '../../src/lib/pkce';
import { completeLogin } from '../../src/stores/login-callback';
import { $session, refreshSession, signOut, storeTokens } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { json, stubFetch } from './helpers/fetch-stub';
import { recordNavigation, useProvider } from './helpers/provider';

function startAttempt(verifier = 'v'.repeat(43), state = 'state-123'): void {
  sessionStorage.setItem(PKCE_STORAGE_KEYS.verifier, JSON.stringify(verifier));
  sessionStorage.setItem(PKCE_STORAGE_KEYS.state, JSON.stringify(state));
}

const CALLBACK = 'http://127.0.0.1:4331/callback';

describe('session and the login callback', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    $session.set(null);
    useProvider('http://provider.test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  it('exchanges a code whose state matches, with the verifier, and stores the tokens', async () => {
    startAttempt();
    const seen = stubFetch(json({ access_token: 'A1', refresh_token: 'R1', expires_in: 3600, token_type: 'Bearer' }));
    const before = Date.now();
    expect(await completeLogin(`${CALLBACK}?code=C1&state=state-123`)).toBe('/');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('http://provider.test/api/token');
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'C1',
      redirect_uri: 'http://127.0.0.1:4331/callback',
      client_id: 'my-music',
      code_verifier: 'v'.repeat(43),
    });
    expect(JSON.parse(localStorage.getItem('ACCESS_TOKEN') ?? 'null')).toBe('A1');
    expect(JSON.parse(localStorage.getItem('REFRESH_TOKEN') ?? 'null')).toBe('R1');
    expect(JSON.parse(localStorage.getItem('IS_LOGGED_IN') ?? 'null')).toBe(true);
    expect(Number(localStorage.getItem('TOKEN_EXPIRES_AT'))).toBeGreaterThanOrEqual(before + 3600_000);
    expect(sessionStorage.getItem(PKCE_STORAGE_KEYS.verifier)).toBeNull();
  });

  it('refuses a tampered state without asking for a token', async () => {
    startAttempt();
    const seen = stubFetch(json({ access_token: 'A1' }));
    expect(await completeLogin(`${CALLBACK}?code=C1&state=forged`)).toBe('/auth');
    expect(seen).toHaveLength(0);
    expect($session.get()).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });

  it('refuses a code when this tab has no verifier', async () => {
    const seen = stubFetch(json({ access_token: 'A1' }));
    expect(await completeLogin(`${CALLBACK}?code=C1&state=state-123`)).toBe('/auth');
    expect(seen).toHaveLength(0);
    expect($session.get()).toBeNull();
  });

  it('goes to /auth when the token URL refuses the code', async () => {
    startAttempt();
    stubFetch(json({ error: 'invalid_grant' }, 400));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await completeLogin(`${CALLBACK}?code=C1&state=state-123`)).toBe('/auth');
    expect($session.get()).toBeNull();
  });

  it('accepts an access token in the fragment', async () => {
    const before = Date.now();
    expect(await completeLogin(`${CALLBACK}#access_token=F1&token_type=Bearer&expires_in=3600`)).toBe('/');
    expect($session.get()?.accessToken).toBe('F1');
    expect($session.get()?.refreshToken).toBeNull();
    expect($session.get()?.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
  });

  it('sends error=access_denied to /access_denied and other errors to /auth', async () => {
    expect(await completeLogin(`${CALLBACK}?error=access_denied&state=s`)).toBe('/access_denied');
    expect(await completeLogin(`${CALLBACK}?error=access_denied&error_description=Not%20for%20you`)).toBe(
      '/access_denied?message=Not+for+you',
    );
    expect(await completeLogin(`${CALLBACK}?error=server_error`)).toBe('/auth');
    expect($session.get()).toBeNull();
  });

  it('resolves to /auth with neither code nor token, and to / when already signed in', async () => {
    expect(await completeLogin(CALLBACK)).toBe('/auth');
    storeTokens({ accessToken: 'A0', refreshToken: null, expiresAt: null });
    expect(await completeLogin(`${CALLBACK}?code=C1&state=x`)).toBe('/');
  });

  it('signOut clears all local storage and replaces history with /auth', () => {
    const visits = recordNavigation();
    storeTokens({ accessToken: 'A0', refreshToken: 'R0', expiresAt: 1 });
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    signOut();
    expect(localStorage.length).toBe(0);
    expect($session.get()).toBeNull();
    expect(visits).toEqual([{ path: '/auth', replace: true }]);
    expect($toasts.get()).toEqual([]);
  });

  it('refreshes once for concurrent callers and keeps the rotated refresh token', async () => {
    storeTokens({ accessToken: 'old', refreshToken: 'R0', expiresAt: 1 });
    const seen = stubFetch(json({ access_token: 'A2', refresh_token: 'R2', expires_in: 60 }));
    const results = await Promise.all([refreshSession(), refreshSession()]);
    expect(results).toEqual(['refreshed', 'refreshed']);
    expect(seen).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'R0',
      client_id: 'my-music',
    });
    expect($session.get()).toMatchObject({ accessToken: 'A2', refreshToken: 'R2' });
  });

  it('keeps the old refresh token when the answer has none, and fails on invalid_grant', async () => {
    storeTokens({ accessToken: 'old', refreshToken: 'R0', expiresAt: 1 });
    stubFetch(json({ access_token: 'A3', expires_in: 60 }), json({ error: 'invalid_grant' }, 400));
    expect(await refreshSession()).toBe('refreshed');
    expect($session.get()).toMatchObject({ accessToken: 'A3', refreshToken: 'R0' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await refreshSession()).toBe('refused');
  });

  it('tells an unreachable token URL apart from a refusal', async () => {
    storeTokens({ accessToken: 'old', refreshToken: 'R0', expiresAt: 1 });
    stubFetch(new TypeError('fetch failed'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await refreshSession()).toBe('unreachable');
    expect($session.get()?.refreshToken).toBe('R0');
  });
});

describe('session across tabs', () => {
  it('follows a sign-in and a sign-out made in another tab', () => {
    $session.set(null);
    localStorage.setItem('ACCESS_TOKEN', '"T9"');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ACCESS_TOKEN', newValue: '"T9"' }));
    expect($session.get()?.accessToken).toBe('T9');
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect($session.get()).toBeNull();
  });
});
