// What needs no token URL: answers the callback URL carries itself, signing out, other tabs.
// The code exchange and the refresh run against a real sandbox in session-token-url.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { completeLogin, hasNothingToDo } from '../../src/stores/login-callback';
import { $session, signOut, storeTokens } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { recordNavigation, useProvider } from './helpers/provider';

const CALLBACK = 'http://127.0.0.1:4331/callback';

describe('session and the login callback', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    $session.set(null);
    useProvider('http://provider.test');
  });
  afterEach(() => {
    setNavigator(null);
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
    // Only then does the page wait before /auth: a code, a token or an error is something to act on.
    expect(hasNothingToDo(CALLBACK)).toBe(true);
    expect(hasNothingToDo(`${CALLBACK}?state=x`)).toBe(true);
    for (const carrying of ['?code=C1&state=x', '?error=server_error', '#error=access_denied', '#access_token=F1']) {
      expect(hasNothingToDo(`${CALLBACK}${carrying}`), carrying).toBe(false);
    }
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
