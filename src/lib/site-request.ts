/**
 * The custom header every state-changing request to the site's own routes carries. A
 * cross-site page cannot send it without a CORS preflight the site never grants, so together
 * with the Origin check it refuses cross-site requests (RFC 10017's CSRF advice).
 */
export const SITE_REQUEST_HEADER = 'X-My-Music';
export const SITE_REQUEST_VALUE = '1';

/**
 * The header of a page fetched ahead (the pointer resting on its link, a touch starting): a guess
 * at the next click, so its render changes nothing. A provider's refusal met then ended the
 * session, and the click the user made next met /auth with no word, not SPEC §8's /access_denied.
 */
export const AHEAD_HEADER = 'X-My-Music-Ahead';

/**
 * The name of the meta in an app page's head that names the session it was rendered for (the
 * server's `sessionTagOf`), which the page sends with its token requests (src/stores/session.ts).
 */
export const PAGE_SESSION_META = 'my-music-session';

/** The site's session routes (src/pages/session/). */
export const SESSION_ROUTES = {
  /** POST: a short-lived access token for the browser's provider calls and the SDK. */
  token: '/session/token',
  /** POST: ends the session. */
  signOut: '/session/sign-out',
  /** POST, a plain form's: saves or removes one item of the library, then back to the page (JavaScript off). */
  library: '/session/library',
} as const;
