import { atom, computed } from 'nanostores';
import { refreshTokens, TokenError, type RefreshOutcome, type TokenSet } from '../api/auth';
import { navigateTo } from '../lib/navigation';
import { getProviderConfig } from '../lib/provider-config';
import { clearStorage, readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { configureApiClient } from '../api/client';
import { CONNECTION_PROBLEM, type ErrorOutcome } from '../api/errors';
import { noteConnectionLost } from './connection';
import { hasCapabilityAnswered, isCapabilityUsable, markCapabilityAvailable, markCapabilityMissing, resetCapabilities } from './capabilities';
import { showToast } from './toasts';
import { openPremiumPrompt } from './ui';

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
function expireSession(): void {
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
function denyAccess(message?: string): void {
  if (sessionEnded) return;
  sessionEnded = true;
  forgetSession();
  navigateTo(accessDeniedPath(message), { replace: true });
}

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

/** Carries out SPEC §8's outcome of a failed call, as src/api/errors.ts decided it. */
function carryOut(outcome: ErrorOutcome): void {
  switch (outcome.type) {
    case 'silent':
      return;
    case 'toast':
      if (outcome.message === CONNECTION_PROBLEM) noteConnectionLost();
      return void showToast(outcome.message);
    case 'expire-session':
      return expireSession();
    case 'deny-access':
      return denyAccess(outcome.message ?? undefined);
    case 'premium-prompt':
      return openPremiumPrompt();
    case 'capability-missing':
      return markCapabilityMissing(outcome.capability);
  }
}

// The API client never imports stores: whatever holds a session hands it, once, the
// token, the refresh, the capability record and the reactions to SPEC §8's outcomes.
configureApiClient({
  getSession: () => $session.get(),
  refreshSession,
  capabilities: {
    isUsable: isCapabilityUsable,
    hasAnswered: hasCapabilityAnswered,
    markAvailable: markCapabilityAvailable,
    markMissing: markCapabilityMissing,
  },
  onOutcome: carryOut,
});
