import type { AstroCookies } from 'astro';
import { CONNECTION_PROBLEM, SOMETHING_WENT_WRONG, toastLineOf } from '../api/errors';
import { cookieAttributes } from './session-cookie';
import { keepInSession, readSessionValue, type SessionContext } from './session-tokens';

/**
 * SPEC §8's toast for a change a plain form asked of the site (JavaScript off: the library's
 * buttons, src/pages/session/library.ts) that the provider refused, told by the page the browser
 * is sent back to (ServerNotices.astro, as a render's own failure). The words may be the
 * provider's (a 5xx's message), so they are kept in the session, where nobody else can write
 * them, and a short cookie only says there is a notice, and which of the site's own words to
 * show should the session not have them (its store out of reach). Taken once: a reload, or the
 * next page, does not show it again.
 */
const PAGE_NOTICE_COOKIE = 'my-music-page-notice';
const PAGE_NOTICE = 'pageNotice';

/** The site's own words a notice falls back on, by the cookie's value. */
const FALLBACKS = { 'connection-problem': CONNECTION_PROBLEM, 'something-went-wrong': SOMETHING_WENT_WRONG } as const;

/** How long a notice waits for its page: the browser follows the redirect at once. */
const NOTICE_SECONDS = 60;

/** Leaves `message` for the next app page this browser opens. */
export async function leavePageNotice(context: SessionContext, message: string, now = Date.now()): Promise<void> {
  const fallback: keyof typeof FALLBACKS = message === CONNECTION_PROBLEM ? 'connection-problem' : 'something-went-wrong';
  context.cookies.set(PAGE_NOTICE_COOKIE, fallback, { ...cookieAttributes(), maxAge: NOTICE_SECONDS });
  await keepInSession(context, PAGE_NOTICE, () => ({ message, at: now }));
}

/** Whether the request may carry a notice (no session read for the pages that carry none). */
export function mayHoldPageNotice(cookies: AstroCookies): boolean {
  return cookies.get(PAGE_NOTICE_COOKIE) !== undefined;
}

/** The notice left for this page, taken (gone from the cookie and the session), or null. */
export async function takePageNotice(context: SessionContext, now = Date.now()): Promise<string | null> {
  const mark = context.cookies.get(PAGE_NOTICE_COOKIE)?.value;
  if (mark === undefined) return null;
  context.cookies.delete(PAGE_NOTICE_COOKIE, cookieAttributes());
  const kept = await readSessionValue(context, PAGE_NOTICE);
  if (kept !== undefined) await keepInSession(context, PAGE_NOTICE, () => undefined);
  return keptWords(kept, now) ?? (Object.hasOwn(FALLBACKS, mark) ? FALLBACKS[mark as keyof typeof FALLBACKS] : null);
}

/** The words kept in the session, if they are a notice of the last minute (one left long ago by a lost redirect is not this page's). */
function keptWords(kept: unknown, now: number): string | null {
  if (!kept || typeof kept !== 'object') return null;
  const { message, at } = kept as { message?: unknown; at?: unknown };
  if (typeof message !== 'string' || message.trim() === '' || typeof at !== 'number' || now - at > NOTICE_SECONDS * 1000) return null;
  return toastLineOf(message);
}
