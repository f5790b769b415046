import { createRouter } from '@nanostores/router';
import { computed } from 'nanostores';
import { ROUTES, type RouteName } from '../lib/routes';

/**
 * The app route as a store, so data areas load themselves when their page is
 * entered and reset when it is left (DESIGN §4: islands never fetch). Parsing is
 * @nanostores/router's. Astro's ClientRouter owns the history: link interception
 * is off, and the router reads the URL after each of its page loads
 * (`astro:page-load`) and on back and forward (the router's own popstate listener).
 * The table of routes is src/lib/routes.ts (links are made from it with `hrefOf`).
 */
const $router = createRouter(ROUTES, { links: false });

/**
 * Each route's params, decoded one by one: an escape that makes no text (`/album/%FF`, an address
 * edited by hand) stays as written. The router's own decoding threw on it, when it mounted or on a
 * popstate, out of anyone's reach: the shell's script stopped on the page the server rendered.
 */
for (const route of $router.routes) {
  const names = [...(route[3] ?? '').matchAll(/:(\w+)/g)].map((found) => found[1]!);
  route[2] = (...values: string[]) => Object.fromEntries(names.map((name, index) => [name, values[index] ? decodedSegment(values[index]) : '']));
}

type RouterPage = NonNullable<ReturnType<typeof $router.get>>;

export type { RouteName };

export interface Route {
  name: RouteName;
  params: Record<string, string>;
  /** The query string's values (q on /search). */
  search: Record<string, string>;
}

const toRoute = (page: RouterPage | undefined): Route | null =>
  page ? { name: page.route, params: page.params, search: page.search } : null;

/** The current app route. */
export const $route = computed($router, toRoute);

/**
 * Parses a URL into a route, or null for a path the app does not know, without
 * changing the current route. The router offers no pure parse, so this tries its
 * compiled patterns (`routes`) the way it does: trailing slash dropped, params decoded.
 */
export function parseRoute(href: string): Route | null {
  const url = new URL(wellEscaped(href), 'http://app.invalid');
  const path = url.pathname.replace(/\/$/, '') || '/';
  for (const [name, pattern, paramsOf] of $router.routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    return { name: name as RouteName, params: paramsOf(...match.slice(1)) as Record<string, string>, search: Object.fromEntries(url.searchParams) };
  }
  return null;
}

/**
 * An address whose stray '%' (not an escape: `/album/%%%`) is escaped itself, as the server
 * reads such a path: decoding it as it stands throws (the router's parse did, and the shell's
 * script stopped on a page the server had rendered, its player with it). The router writes the
 * escaped form into the history entry, the same address, and one every later parse can read.
 */
function wellEscaped(href: string): string {
  return href.replace(/%(?![0-9a-f]{2})/gi, '%25');
}

/** A path segment decoded; escapes that make no text (`%FF`) leave it as written: a parse never throws. */
function decodedSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Reads the route from a URL (the shell's page loads; tests). */
export function syncRoute(href: string): void {
  href = wellEscaped(href);
  // open() also writes the URL into the history entry, with a null state; ClientRouter keeps
  // its own state there (entry index, scroll), so it is put back. The URL is the same one.
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  $router.open(href, true);
  if (state !== null && history.state !== state) history.replaceState(state, '');
}

/** A route as one string: the same page (name, params, query) gives the same key, a #hash none of its own. */
export const routeKeyOf = (route: Route) => JSON.stringify([route.name, route.params, route.search]);

/**
 * Runs `enter` whenever one of the named routes is entered (or its params or
 * query change) and `leave` when the app goes elsewhere. Returns the
 * unsubscribe, so a store's onMount can return it.
 */
export function onRoute(names: readonly RouteName[], enter: (route: Route) => void, leave?: () => void): () => void {
  let entered: string | null = null;
  const unsubscribe = $route.subscribe((route) => {
    if (route && names.includes(route.name)) {
      const key = routeKeyOf(route);
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
    // The area stopped being shown. Left only when its route is gone too: a store that
    // unmounts while its page is still current (its islands swapped out and back in by
    // the client router) must not empty what the page shows.
    const route = $route.get();
    if (entered !== null && !(route && names.includes(route.name))) leave?.();
  };
}

// Reaction: follow the browser's URL on every full or client-router page load
// (ClientRouter changes the URL with pushState, which fires no event the router hears).
// After the swap already, before the new page's islands hydrate: an island that adopts
// what the server rendered must find its own route current, not the page it replaced.
if (typeof document !== 'undefined' && typeof location !== 'undefined') {
  for (const type of ['astro:after-swap', 'astro:page-load']) document.addEventListener(type, () => syncRoute(location.href));
}
