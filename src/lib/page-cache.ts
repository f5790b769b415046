/** The service worker's cache of visited pages (astro.config.mjs names it with this). */
export const PAGE_CACHE = 'my-music-pages';

/**
 * The app's offline shell (src/pages/offline.astro): the worker precaches it and answers
 * with it, at the address the user opened, an app route it cannot load and has not kept.
 */
export const OFFLINE_SHELL = '/offline';

/** What the worker's routes are asked about a request (workbox's match callback options). */
export interface WorkerRequest {
  request: { mode: string };
  url: URL;
  sameOrigin: boolean;
}

// The two rules below are the worker's own: its build inlines their source (astro.config.mjs),
// so each refers to nothing outside itself.

/** A page the worker keeps as it is visited: any of the site's but signing in and the session routes, which answer per session. */
export function keepsVisitedPage({ request, url, sameOrigin }: WorkerRequest): boolean {
  return request.mode === 'navigate' && sameOrigin && !/^\/(callback|login|session\/)/.test(url.pathname);
}

/**
 * A page of the app (src/server/route-access.ts's 'app' routes): opened offline and never
 * kept, it gets the offline shell. The landing, sign-in, session and error pages do not:
 * they live outside the shell.
 */
export function opensInOfflineShell({ request, url, sameOrigin }: WorkerRequest): boolean {
  return request.mode === 'navigate' && sameOrigin && !/^\/(auth|access_denied|callback|login|session|404|500|offline)(?=\/|$)/.test(url.pathname);
}

/**
 * Forgets the pages the service worker kept: once signed out, nobody at this browser may
 * open the last user's pages offline. A failure (no Cache Storage here) is only logged.
 */
export async function forgetCachedPages(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(PAGE_CACHE);
  } catch (error) {
    console.warn('Could not forget the cached pages', error);
  }
}
