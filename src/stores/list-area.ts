import { onMount } from 'nanostores';
import { createAreaMemory } from './area-memory';
import type { PagedList, PagedListState } from './paged-list';
import { onRoute, type Route, type RouteName } from './route';

/** The key a route's content is remembered under: its name, params and query. */
function routeKey(route: Route): string {
  return JSON.stringify([route.name, route.params, route.search]);
}

/**
 * Ties a paged list to its routes: on entry it paints what it held when the
 * user last left the same route (no request, no skeleton) or loads its first
 * page; on exit it remembers what it holds and empties. Returns `forget`, for
 * when the list's data changed (a like makes Liked Songs stale).
 */
export function listArea<T>(list: PagedList<T>, names: readonly RouteName[], start?: (route: Route) => void): { forget: () => void } {
  const memory = createAreaMemory<PagedListState<T>>();
  let current: string | null = null;
  // Set when the data changed during the visit: what is shown then is not kept.
  let stale = false;
  const leave = () => {
    const state = list.$state.get();
    if (current !== null && !stale && state.loaded && !state.error) memory.remember(current, state);
    current = null;
    stale = false;
    list.reset();
  };
  onMount(list.$state, () =>
    onRoute(
      names,
      (route) => {
        const key = routeKey(route);
        // Remounted on the route it already shows (its islands swapped out and back
        // in by the client router): what it shows or is loading stays.
        if (key === current) return;
        if (current !== null) leave();
        current = key;
        start?.(route);
        const kept = memory.recall(current);
        if (kept) list.restore(kept);
        else void list.loadFirstPage();
      },
      leave,
    ),
  );
  return {
    forget: () => {
      memory.forget();
      stale = current !== null;
    },
  };
}
