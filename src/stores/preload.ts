import { parseRoute, type RouteName } from './route';

/**
 * Starting a page's data as the user clicks, not after the client router has
 * fetched and swapped the new page in: the provider's answer and the page's
 * HTML travel at the same time. Each area's store is imported on demand, so
 * no page carries another page's code.
 */
const PRELOADERS: Partial<Record<RouteName, (params: Record<string, string>) => Promise<void>>> = {
  home: () => import('./home').then((home) => home.loadHome()),
  album: (params) => import('./album').then(({ albumArea }) => albumArea.prepare(params.albumId ?? '')),
  artist: (params) => import('./artist').then(({ artistArea }) => artistArea.prepare(params.artistId ?? '')),
  playlist: (params) => import('./playlist').then(({ playlistArea }) => playlistArea.prepare(params.playlistId ?? '')),
  user: (params) => import('./user').then(({ userArea }) => userArea.prepare(params.userId ?? '')),
};

/** Starts loading what the page at `href` shows, when it is a page whose data can start early. */
export function preloadRoute(href: string): void {
  const route = parseRoute(href);
  const preload = route && PRELOADERS[route.name];
  if (preload) preload(route.params).catch((error: unknown) => console.warn('Preloading a page failed', error));
}
