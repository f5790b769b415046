/**
 * The custom header every state-changing request to the site's own routes carries. A
 * cross-site page cannot send it without a CORS preflight the site never grants, so together
 * with the Origin check it refuses cross-site requests (RFC 10017's CSRF advice).
 */
export const SITE_REQUEST_HEADER = 'X-My-Music';
export const SITE_REQUEST_VALUE = '1';

/** The site's session routes (src/pages/session/). */
export const SESSION_ROUTES = {
  /** POST: a short-lived access token for the browser's provider calls and the SDK. */
  token: '/session/token',
  /** POST: ends the session. */
  signOut: '/session/sign-out',
} as const;
