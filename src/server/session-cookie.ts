import { readSiteOrigin } from '../config/provider';

/**
 * The session cookie's name and attributes. The cookie carries only the session id (the
 * tokens stay on the server, DESIGN §1): HttpOnly so no script reads it, SameSite=Lax so it
 * comes back on the provider's redirect to /callback but never on another site's request
 * for data, Path=/, and Secure whenever the site is served over https (SITE_URL says so:
 * behind a TLS-terminating proxy the request itself may look like http).
 */
export const SESSION_COOKIE = 'my-music-session';

/** How long a session lives without a write (a sign-in or a token refresh renews it), in the store and in the cookie: 30 days. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Whether the site's public origin is https (the cookies then carry Secure). */
export function isHttpsSite(env: Record<string, string | undefined> = process.env): boolean {
  return readSiteOrigin(env).startsWith('https:');
}

/** The attributes of every cookie the site sets for signing in and the session. */
export function cookieAttributes(path = '/') {
  return { httpOnly: true, sameSite: 'lax' as const, secure: isHttpsSite(), path };
}

/** The ids the session store makes (Astro's: a random UUID). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a session cookie holds an id the site could have made. Any other value (forged,
 * damaged, planted from a sibling host) never reaches the session store, which refuses such keys
 * by throwing: every page, /auth and /login included, would fail until the user cleared cookies.
 */
export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}
