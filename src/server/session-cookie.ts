import { readSiteOrigin } from '../config/provider';

/**
 * The session cookie's name and attributes. The cookie carries only the session id (the
 * tokens stay on the server, DESIGN §1): HttpOnly so no script reads it, SameSite=Lax so it
 * comes back on the provider's redirect to /callback but never on another site's request
 * for data, Path=/, and Secure whenever the site is served over https (SITE_URL says so:
 * behind a TLS-terminating proxy the request itself may look like http). The browser keeps it
 * under `cookieName(SESSION_COOKIE)`.
 */
export const SESSION_COOKIE = 'my-music-session';

/** The cookie of a sign-in under way (src/server/login-attempt.ts), kept under `cookieName(LOGIN_COOKIE)`. */
export const LOGIN_COOKIE = 'my-music-login';

/** How long a session lives without a write (a sign-in or a token refresh renews it), in the store and in the cookie: 30 days. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Whether the site's public origin is https (the cookies then carry Secure). */
export function isHttpsSite(env: Record<string, string | undefined> = process.env): boolean {
  return readSiteOrigin(env).startsWith('https:');
}

const HOST_PREFIX = '__Host-';

/**
 * The name the browser keeps the session or login cookie under. On an https site it is
 * `__Host-`-prefixed: the browser then takes such a cookie only from a secure origin, with
 * Path=/ and no Domain, so neither a network attacker (over plain http) nor a sibling subdomain
 * can plant one. Over http (the local default) the prefix cannot hold, and the name is as it is.
 */
export function cookieName(name: string): string {
  return isHttpsSite() ? `${HOST_PREFIX}${name}` : name;
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

/**
 * How many cookies named `name` the request carries. A browser keeps one cookie of a name for
 * each path (and domain) it was set at, and sends every one whose path covers the address:
 * cookies ignore ports, so any page on this host (another app on 127.0.0.1) can add a second.
 */
export function cookiesNamed(request: Request, name: string): number {
  return (request.headers.get('cookie') ?? '').split(';').filter((pair) => {
    const end = pair.indexOf('=');
    return end !== -1 && pair.slice(0, end).trim() === name;
  }).length;
}

/** What a Set-Cookie path can hold (no ';', no space or control character). */
const COOKIE_PATH = /^\/[\x21-\x3a\x3c-\x7e]*$/;

/**
 * Every path a cookie the browser sent to `pathname` can be kept at (RFC 6265 §5.1.4): '/', each
 * prefix ending just before or at a '/', and the path itself. For /session/token: '/',
 * '/session', '/session/' and '/session/token'.
 */
export function cookiePathsOf(pathname: string): string[] {
  const paths = new Set(['/']);
  for (let slash = pathname.indexOf('/', 1); slash !== -1; slash = pathname.indexOf('/', slash + 1)) {
    paths.add(pathname.slice(0, slash));
    paths.add(pathname.slice(0, slash + 1));
  }
  paths.add(pathname);
  return [...paths].filter((path) => COOKIE_PATH.test(path));
}

/**
 * The Set-Cookie headers that clear the browser's cookies named `name` at every path a request to
 * `pathname` may have brought one from, but '/' (Astro's cookies clear that one: they hold one
 * cookie of a name). A `__Host-` cookie lives at '/' alone.
 */
export function clearingsBeyondRoot(name: string, pathname: string): string[] {
  if (name.startsWith(HOST_PREFIX)) return [];
  const secure = isHttpsSite() ? '; Secure' : '';
  return cookiePathsOf(pathname)
    .filter((path) => path !== '/')
    .map((path) => `${name}=deleted; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`);
}

/** The response with these Set-Cookie headers added; a copy when its headers are immutable (redirects). */
export function withSetCookies(response: Response, setCookies: readonly string[]): Response {
  try {
    for (const line of setCookies) response.headers.append('Set-Cookie', line);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const line of setCookies) copy.headers.append('Set-Cookie', line);
    return copy;
  }
}
