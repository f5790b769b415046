import type { AstroCookies } from 'astro';
import { CONNECTION_PROBLEM } from '../api/errors';
import { cookieAttributes } from './session-cookie';

/**
 * A message for the next page the browser opens, when the server ended the session while
 * answering another request, or could not start one: /auth shows it as SPEC §8's toast
 * ('Session Expired'; a sign-in whose code exchange failed: the connection's words, or the
 * catalogue's 'Something went wrong'). Kept in a short cookie rather than the URL, so a reload or
 * a bookmark never shows it again.
 */
const NOTICE_COOKIE = 'my-music-notice';
const NOTICES = {
  'session-expired': 'Session Expired',
  'connection-problem': CONNECTION_PROBLEM,
  'sign-in-failed': 'Something went wrong',
} as const;
export type Notice = keyof typeof NOTICES;

export function leaveNotice(cookies: AstroCookies, notice: Notice): void {
  cookies.set(NOTICE_COOKIE, notice, { ...cookieAttributes('/auth'), maxAge: 60 });
}

/** The notice's text, taken once (the cookie goes with it), or null. */
export function takeNotice(cookies: AstroCookies): string | null {
  const notice = cookies.get(NOTICE_COOKIE)?.value;
  if (!notice) return null;
  cookies.delete(NOTICE_COOKIE, cookieAttributes('/auth'));
  // Own keys only: a forged 'valueOf' or 'constructor' is no notice.
  return Object.hasOwn(NOTICES, notice) ? NOTICES[notice as Notice] : null;
}

/**
 * A sign-in just made, for the first app page it opens: that page forgets what this browser kept
 * of any earlier session (its storage, and the pages the service worker and the page kept for
 * offline use) before anything reads it. A sign-out forgets them, but a session that ran out or
 * whose cookie went left them, and the next user to sign in here met the last one's profile offline.
 */
const NEW_SESSION_COOKIE = 'my-music-new-session';

export function markNewSession(cookies: AstroCookies): void {
  cookies.set(NEW_SESSION_COOKIE, '1', { ...cookieAttributes(), maxAge: 300 });
}

/** Whether this request opens the first page of a new session (the mark goes with it). */
export function takeNewSession(cookies: AstroCookies): boolean {
  if (!cookies.get(NEW_SESSION_COOKIE)) return false;
  cookies.delete(NEW_SESSION_COOKIE, cookieAttributes());
  return true;
}
