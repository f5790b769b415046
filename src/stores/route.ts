import { atom, onMount } from 'nanostores';

/**
 * The app route as a store, so data areas load themselves when their page is
 * entered and reset when it is left (DESIGN §4: islands never fetch). Astro's
 * ClientRouter owns the history; this only reads the URL after each page load
 * (`astro:page-load`), so it never fights the router over history entries.
 */
export const ROUTES = [
  ['home', '/'],
  ['search', '/search'],
  ['seeAll', '/search/:searchType/:searchQuery'],
  ['relatedArtists', '/artist/:artistId/related-artists'],
  ['artistAlbums', '/artist/:artistId/albums'],
  ['artist', '/artist/:artistId'],
  ['newRelease', '/album/new-release'],
  ['album', '/album/:albumId'],
  ['popularPlaylists', '/playlist/popular'],
  ['playlist', '/playlist/:playlistId'],
  ['categoryPlaylists', '/category/:categoryId/playlists'],
  ['recentPlayed', '/track/recent-played'],
  ['myProfile', '/user/me'],
  ['mySavedAlbums', '/user/me/saved-albums'],
  ['mySavedTracks', '/user/me/saved-tracks'],
  ['myTopTracks', '/user/me/top-tracks'],
  ['myTopArtists', '/user/me/top-artists'],
  ['myFollowing', '/user/me/following'],
  ['user', '/user/:userId'],
  ['collection', '/collection'],
  ['collectionAlbums', '/collection/albums'],
  ['collectionTracks', '/collection/tracks'],
  ['notification', '/notification'],
  ['player', '/player'],
] as const;

export type RouteName = (typeof ROUTES)[number][0];

export interface Route {
  name: RouteName;
  params: Record<string, string>;
  /** The query string's values (q on /search). */
  search: Record<string, string>;
}

const PATTERNS = ROUTES.map(([name, pattern]) => {
  const keys: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_match, key: string) => (keys.push(key), '([^/]+)'));
  return { name, keys, regexp: new RegExp(`^${source}/?$`) };
});

/** Parses a URL into a route, or null for a path the app does not know. */
export function parseRoute(href: string): Route | null {
  const url = new URL(href, 'http://app.invalid');
  for (const { name, keys, regexp } of PATTERNS) {
    const match = regexp.exec(url.pathname);
    if (!match) continue;
    const params = Object.fromEntries(keys.map((key, index) => [key, decodeURIComponent(match[index + 1] ?? '')]));
    return { name, params, search: Object.fromEntries(url.searchParams) };
  }
  return null;
}

/** The current app route. */
export const $route = atom<Route | null>(null);

/** Reads the route from a URL (the shell's page loads; tests). */
export function syncRoute(href: string): void {
  $route.set(parseRoute(href));
}

const keyOf = (route: Route) => JSON.stringify([route.name, route.params, route.search]);

/**
 * Runs `enter` whenever one of the named routes is entered (or its params or
 * query change) and `leave` when the app goes elsewhere. Returns the
 * unsubscribe, so a store's onMount can return it.
 */
export function onRoute(names: readonly RouteName[], enter: (route: Route) => void, leave?: () => void): () => void {
  let entered: string | null = null;
  const unsubscribe = $route.subscribe((route) => {
    if (route && names.includes(route.name)) {
      const key = keyOf(route);
      if (key !== entered) {
        entered = key;
        enter(route);
      }
    } else if (entered !== null) {
      entered = null;
      leave?.();
    }
  });
  return () => {
    unsubscribe();
    if (entered !== null) leave?.();
  };
}

// Reaction: follow the browser's URL on every full or client-router page load.
if (typeof document !== 'undefined' && typeof location !== 'undefined') {
  syncRoute(location.href);
  document.addEventListener('astro:page-load', () => syncRoute(location.href));
}

/** A paged list loads its first page when one of its routes is entered and resets when left. */
export function listOnRoute(
  list: { $state: Parameters<typeof onMount>[0]; loadFirstPage: () => Promise<void>; reset: () => void },
  names: readonly RouteName[],
): void {
  onMount(list.$state, () => onRoute(names, () => void list.loadFirstPage(), list.reset));
}
