/** The service worker's cache of visited pages (astro.config.mjs names it with this). */
export const PAGE_CACHE = 'my-music-pages';

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
