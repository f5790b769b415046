import { OFFLINE_SHELL } from '../lib/page-cache';
import { SESSION_ROUTES } from '../lib/site-request';

/**
 * Who may see which route (SPEC §2, §6, decided by the server session, DESIGN §1):
 * - 'visitor-only': /auth and /access_denied; a signed-in user is sent to /.
 * - 'open': the sign-in routes, the session routes (they answer for themselves), the
 *   error pages and the offline shell (the service worker fetches it at install, session or
 *   not; it carries nobody's data), seen alike by everyone.
 * - 'none': Astro's image endpoint, which no page uses: it would resize any image of the site
 *   to any size for anyone signed in (a second of CPU each), and answer odd paths with a bare 500.
 * - 'app': everything else; a visitor is sent to /auth before any of the shell is sent.
 */
export type RouteAccess = 'visitor-only' | 'open' | 'none' | 'app';

const VISITOR_ONLY = new Set(['/auth', '/access_denied']);
const OPEN = new Set(['/login', '/callback', ...Object.values(SESSION_ROUTES), '/404', '/500', OFFLINE_SHELL]);
const NONE = new Set(['/_image']);

/** The access rule of a route, by Astro's route pattern (an unknown URL renders as /404). */
export function accessOf(routePattern: string): RouteAccess {
  const pattern = routePattern.replace(/\/$/, '') || '/';
  if (VISITOR_ONLY.has(pattern)) return 'visitor-only';
  if (OPEN.has(pattern)) return 'open';
  if (NONE.has(pattern)) return 'none';
  return 'app';
}
