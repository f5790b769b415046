import { atom, computed } from 'nanostores';
import { exchangeCode, refreshTokens, TokenError, type TokenSet } from '../api/auth';
import { navigateTo } from '../lib/navigation';
import { takeLoginAttempt } from '../lib/pkce';
import { getProviderConfig } from '../lib/provider-config';
import { clearStorage, readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { resetCapabilities } from './capabilities';
import { showToast } from './toasts';

export type { TokenSet };

/** SPEC §9: /callback without a code or token goes to /auth after 1000 ms. */
export const CALLBACK_GIVE_UP_MS = 1000;

function storedSession(): TokenSet | null {
  const accessToken = readStored<unknown>(STORAGE_KEYS.accessToken, null);
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  const refreshToken = readStored<unknown>(STORAGE_KEYS.refreshToken, null);
  const expiresAt = readStored<unknown>(STORAGE_KEYS.tokenExpiresAt, null);
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
    expiresAt: typeof expiresAt === 'number' ? expiresAt : null,
  };
}

/** The signed-in user's tokens, or null for a visitor. */
export const $session = atom<TokenSet | null>(storedSession());

/** Signed in is decided by the presence of the access token (SPEC §4). */
export const $isSignedIn = computed($session, (session) => session !== null);

// Reaction: persist whatever the session becomes. Clearing is signOut's job,
// because it clears all of local storage, not just these keys.
$session.listen((session) => {
  if (!session) return;
  writeStored(STORAGE_KEYS.isLoggedIn, true);
  writeStored(STORAGE_KEYS.accessToken, session.accessToken);
  writeStored(STORAGE_KEYS.refreshToken, session.refreshToken);
  writeStored(STORAGE_KEYS.tokenExpiresAt, session.expiresAt);
});

// Reaction: another tab signing in, refreshing or signing out changes this tab's session too
// (a clear() arrives as a storage event with a null key).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.refreshToken) {
      reloadSession();
    }
  });
}

// Several calls in flight can all meet the same dead session; only the first ends it visibly.
let sessionEnded = false;

/** Keeps a new token set (login or refresh). */
export function storeTokens(tokens: TokenSet): void {
  sessionEnded = false;
  $session.set(tokens);
}

/** Reads the session again from storage (another tab signed in or out). */
export function reloadSession(): void {
  const session = storedSession();
  if (session) sessionEnded = false;
  $session.set(session);
}

function forgetSession(): void {
  clearStorage();
  $session.set(null);
  resetCapabilities();
}

/** Logout: clears all local storage and replaces history with /auth. */
export function signOut(): void {
  forgetSession();
  navigateTo('/auth', { replace: true });
}

/** SPEC §8's 401 path, once a refresh could not help: clear, toast 'Session Expired', go to /auth. */
export function expireSession(): void {
  if (sessionEnded) return;
  sessionEnded = true;
  forgetSession();
  showToast('Session Expired');
  navigateTo('/auth', { replace: true });
}

/** The /access_denied path, carrying the provider's message as `?message=` when there is one (DESIGN §2). */
export function accessDeniedPath(message?: string | null): string {
  return message ? `/access_denied?${new URLSearchParams({ message }).toString()}` : '/access_denied';
}

/** SPEC §8's 403 path: clear local storage and go to /access_denied, with the provider's message when it has one. */
export function denyAccess(message?: string): void {
  if (sessionEnded) return;
  sessionEnded = true;
  forgetSession();
  navigateTo(accessDeniedPath(message), { replace: true });
}

/** How a refresh ended: new tokens, refused by the token URL (sign in again), or the token URL not reached. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Refreshes the access token once, shared by every request that met the 401
 * at the same time (one refresh, not one per call). 'refused' covers a missing
 * refresh token and the token URL's refusals (invalid_grant once the refresh
 * token died); 'unreachable' is a network failure, which is no reason to sign out.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (refreshing) return refreshing;
  const refreshToken = $session.get()?.refreshToken;
  if (!refreshToken) return Promise.resolve('refused');
  refreshing = refreshTokens(getProviderConfig(), refreshToken)
    .then((tokens): RefreshOutcome => {
      storeTokens(tokens);
      return 'refreshed';
    })
    .catch((error: unknown): RefreshOutcome => {
      console.error('Token refresh failed', error);
      return error instanceof TokenError ? 'refused' : 'unreachable';
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Handles /callback (DESIGN §2) and resolves to the path to go to; the page
 * replaces history with it (docs/team-contracts.md). A stored token goes
 * straight to /; `error=access_denied` to /access_denied; `code` + `state` are
 * checked against this tab's login attempt and exchanged; `#access_token` is
 * accepted for providers with the implicit grant. With neither it resolves to
 * /auth at once: the page waits CALLBACK_GIVE_UP_MS before going there.
 */
export async function completeLogin(url: string): Promise<string> {
  if ($session.get()) return '/';
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const error = query.get('error') ?? fragment.get('error');
  if (error) {
    takeLoginAttempt();
    const description = query.get('error_description') ?? fragment.get('error_description');
    return error === 'access_denied' ? accessDeniedPath(description) : '/auth';
  }
  const code = query.get('code');
  if (code) {
    const attempt = takeLoginAttempt();
    // A missing verifier or a state that is not ours is a forged or replayed callback.
    if (!attempt.verifier || !attempt.state || attempt.state !== query.get('state')) {
      console.error('Login refused: the state does not match this login attempt');
      return '/auth';
    }
    try {
      storeTokens(await exchangeCode(getProviderConfig(), code, attempt.verifier));
      return '/';
    } catch (exchangeError) {
      console.error('Could not exchange the authorization code', exchangeError);
      return '/auth';
    }
  }
  const accessToken = fragment.get('access_token');
  if (accessToken) {
    const expiresIn = Number(fragment.get('expires_in'));
    storeTokens({
      accessToken,
      refreshToken: null,
      expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null,
    });
    return '/';
  }
  return '/auth';
}
