import { atom } from 'nanostores';
import type { RefreshOutcome } from '../api/auth';
import { endSiteSession, requestAccessToken, SessionChangedError, SessionEndedError, type AccessGrant } from '../api/site-session';
import { accessDeniedPath } from '../lib/access-denied';
import type { PageLeaving } from '../lib/page-leaving';
import { navigateTo } from '../lib/navigation';
import { clearStorage } from '../lib/storage';
import { forgetCachedPages } from '../lib/page-cache';
import { forgetPages } from './page-memory';
import { isDue } from '../lib/token-timing';
import { configureApiClient } from '../api/client';
import { CONNECTION_PROBLEM, SOMETHING_WENT_WRONG, type ErrorOutcome } from '../api/errors';
import { reportNoConnection } from './connection';
import { noteRateLimit } from './provider-limit';
import { hasCapabilityAnswered, isCapabilityUsable, markCapabilityAvailable, markCapabilityMissing, resetCapabilities } from './capabilities';
import { showToast, TOAST_DURATION_MS } from './toasts';
import { openPremiumPrompt } from './ui';

/**
 * The page's access token for the provider calls it makes and the playback SDK, or null
 * before the first one arrives. Memory only: the session and its refresh token live on the
 * site's server (DESIGN §1), which hands out a token through POST /session/token.
 */
export const $session = atom<AccessGrant | null>(null);

// Several calls in flight can all meet the same dead session; only the first ends it visibly.
let sessionEnded = false;

/** What this browser forgets of a session: local storage (SPEC §4), the page's token, what was learnt, the cached pages. */
async function forgetSession(): Promise<void> {
  clearStorage();
  $session.set(null);
  resetCapabilities();
  forgetPages();
  await forgetCachedPages();
}

/**
 * Logout: ends the server session, clears all local storage and replaces history with /auth.
 * A site that could not end it says so and keeps everything here: gone to /auth, the user
 * would be sent back to / by the session still there, with nothing said.
 */
export async function signOut(): Promise<void> {
  sessionEnded = true;
  const ended = await endSiteSession();
  if (ended !== 'ended') {
    sessionEnded = false;
    showToast(ended === 'unreachable' ? CONNECTION_PROBLEM : SOMETHING_WENT_WRONG);
    return;
  }
  await forgetSession();
  navigateTo('/auth', { replace: true });
}

/**
 * Another tab signed out (it cleared the shared storage): this tab leaves too, at once, and
 * once (a session already ended here is on its way out). It clears what it stored after that
 * clear and before this event (its SDK's device id).
 */
export function followSignOutElsewhere(): void {
  leaveForAuth({ clearing: true });
}

/**
 * The page leaves a session that is no longer this browser's, once, for /auth (which sends a
 * browser with a session to its home): clearing the storage where that session's is (a sign-out
 * elsewhere), not where the next session has started to fill it (`followSessionChange`).
 */
function leaveForAuth({ clearing }: { clearing: boolean }): void {
  if (sessionEnded) return;
  sessionEnded = true;
  if (clearing) clearStorage({ quietly: true });
  $session.set(null);
  navigateTo('/auth', { replace: true });
}

/**
 * SPEC §8's 401 path, once the server could not renew the token: clear, toast 'Session Expired',
 * go to /auth. The toast is /auth's: the server leaves it the notice as the session ends (the
 * refused renewal, or this sign-out), and /auth loads whole, so a toast here showed the words
 * twice, the first a flash on the page being left. Said here only when the site could not be
 * told, for as long as a toast shows before the page goes.
 */
async function expireSession(): Promise<void> {
  if (sessionEnded) return;
  sessionEnded = true;
  await forgetSession();
  // The server ended the session when it refused to renew the token; not when the provider
  // refused a token it had just renewed (a second 401): /auth would send the user back to /.
  if ((await endSiteSession('expired')) !== 'ended') {
    showToast('Session Expired');
    await new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS));
  }
  navigateTo('/auth', { replace: true });
}

/**
 * SPEC §8's 403 path: clear local storage and go to /access_denied, with the provider's message
 * when it has one. The server session ends first: /access_denied sends a signed-in user to /.
 */
async function denyAccess(message?: string): Promise<void> {
  if (sessionEnded) return;
  sessionEnded = true;
  await endSiteSession();
  await forgetSession();
  navigateTo(accessDeniedPath(message), { replace: true });
}

/**
 * The session this document was rendered for (its head's mark, the server's `sessionTagOf`), or
 * null where it has none (the offline shell). Sent with every token request: a page that loaded
 * while someone else signed in heard no storage event (its script did not run yet), and would
 * otherwise take the new account's token under the old account's page.
 */
let pageSession: string | null = null;

/**
 * The browser holds another person's session than this page was rendered for: the page goes, as
 * a tab follows a sign-out elsewhere (to /auth, which sends it to the new account's home), without
 * clearing the storage the new session has started to fill, and with nothing said meanwhile.
 */
function followSessionChange(): void {
  leaveForAuth({ clearing: false });
}

let asking: Promise<RefreshOutcome> | null = null;

/**
 * Asks the site for a usable access token, once for every caller that needs one at the same
 * time: the first call of a page, a token about to expire, or a 401 from the provider (the
 * refused token goes along, so the server refreshes only if no other tab did). 'refused'
 * means the session is over; 'unreachable' is a network failure, no reason to sign out.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (asking) return asking;
  const refused = $session.get()?.accessToken ?? null;
  asking = requestAccessToken(refused, pageSession)
    .then((grant): RefreshOutcome => {
      sessionEnded = false;
      $session.set(grant);
      return 'refreshed';
    })
    .catch((error: unknown): RefreshOutcome => {
      if (error instanceof SessionEndedError) return 'refused';
      if (error instanceof SessionChangedError) {
        followSessionChange();
        return 'unreachable';
      }
      console.warn('Could not get an access token from the site', error);
      return 'unreachable';
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Whether the page's token is missing or due for renewal (the server's rule, lib/token-timing.ts). */
function needsToken(grant: AccessGrant | null, now = Date.now()): boolean {
  return !grant || isDue(grant, now);
}

/** A usable access token ('' when the session is over or the site cannot be reached): the SDK's getOAuthToken. */
export async function freshAccessToken(): Promise<string> {
  if (needsToken($session.get())) await refreshSession();
  return $session.get()?.accessToken ?? '';
}

/** The shell's start on every full page load, with the session the page was rendered for: the first token, so the player can connect. */
export function startSession(session: string | null = null): void {
  pageSession = session;
  void freshAccessToken();
}

/** The address this page loaded again for, once, after a part met a refused token (no second try). */
let reloadedFor: string | null = null;

/**
 * SPEC §8's exit that a part the server streamed met after the page began, when it could no
 * longer leave (the server tells it in a mark: ServerNotices.astro): a 403 on a bad request goes
 * to /access_denied; a 401 has the site renew the token the page holds (the server's, refused):
 * the provider's refusal ends the session ('Session Expired', /auth), a renewed token loads the
 * page again, once, so the part shows what it could not.
 */
export async function followServerLeaving(leaving: PageLeaving, here: string): Promise<void> {
  if (leaving.kind === 'deny-access') return denyAccess(leaving.message ?? undefined);
  // The page's token first, if it has none yet: the one the server met refused.
  if (!$session.get()) await refreshSession();
  const outcome = await refreshSession();
  if (outcome === 'refused') return expireSession();
  if (outcome === 'refreshed' && reloadedFor !== here) {
    reloadedFor = here;
    navigateTo(here, { replace: true });
  }
}

/** Carries out SPEC §8's outcome of a failed call, as src/api/errors.ts decided it. */
function carryOut(outcome: ErrorOutcome, call: { reads: boolean }): void {
  // A page on its way out (signed out, or the browser holds another session) says nothing more.
  if (sessionEnded) return;
  switch (outcome.type) {
    case 'silent':
      return;
    case 'toast':
      // A read that found no connection left the page without what it asked for, which the page
      // loads again once the network returns (src/stores/connection.ts); a change (a heart, a
      // save, a queue) left it as it was, its flag rolled back: only the toast.
      if (outcome.message === CONNECTION_PROBLEM && call.reads) return reportNoConnection();
      return void showToast(outcome.message);
    case 'expire-session':
      return void expireSession();
    case 'deny-access':
      return void denyAccess(outcome.message ?? undefined);
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
  needsToken: () => needsToken($session.get()),
  refreshSession,
  capabilities: {
    isUsable: isCapabilityUsable,
    hasAnswered: hasCapabilityAnswered,
    markAvailable: markCapabilityAvailable,
    markMissing: markCapabilityMissing,
  },
  onOutcome: carryOut,
  onRateLimited: noteRateLimit,
  cancelsByName: true,
});
