import { onMount, onNotify, type WritableAtom } from 'nanostores';
import type { ListPage } from '../api/list-pages';
import type { ListSeed } from '../api/page-seeds';
import { createAreaMemory, heldOverPage, pastFirstPage } from './area-memory';
import { adoptLibraryFlags, forgetOnChange, keepItemFlagsOf, librarySnapshot } from './library';
import { addHolder, forgetPagesWhere, pageReached } from './page-memory';
import { createPagedList, firstPageState, holdsWhole, type PagedList, type PagedListState } from './paged-list';
import { $route, onRoute, parseRoute, routeKeyOf, type Route, type RouteName } from './route';
import { createAdoptionMark } from './adoption-mark';

interface ListAreaOptions {
  /** Takes what the list needs from the route it is entered on (a category's id, a search query). */
  start?: (route: Route) => void;
  /** Whether the list shows on this route at all (the category browse shows on /search without q only). */
  shows?: (route: Route) => boolean;
  /** Where the list's own title lives (the provider names a category's playlists), so a seed can fill it. */
  title?: WritableAtom<string>;
}

export interface ListArea<T> {
  /**
   * The list's data changed (a like makes Liked Songs stale): what is remembered goes, the
   * client router's kept pages of its routes too, so back and forward ask the site for them.
   */
  forget: () => void;
  /** The list's stores as the server rendered them (`seed`), by store: what a server render reads. */
  snapshotOf: (seed: ListSeed<T>) => Map<unknown, unknown>;
  /**
   * Shows what the server rendered: the stores take the seed's values, and the route's entry asks
   * nothing. Unless the list holds more of its route, as fresh (`heldOverPage`): Back and Forward
   * swap in the page kept from the visit (or asked again), whose seed is its first page only, where
   * the user left it with every page loaded since. Such a page's island hydrates as it comes
   * (`addHolder`), so the rows show whole at once.
   */
  adopt: (seed: ListSeed<T>) => void;
  /** A list of the library itself: follows a change of the library made while it shows (`LibraryList`). */
  changed?: (id: string, inLibrary: boolean) => void;
  /** A list of the library itself: whether it is known to lack `id`, which is in the library (`LibraryList`). */
  lacks?: (id: string) => boolean;
  /** What it shows and what it remembers of its routes. */
  states: () => PagedListState<T>[];
}

/**
 * Ties a paged list to its routes: on entry it paints what the server rendered (adopted), what
 * it held when the user last left the same route (no request, no skeleton) or loads its first
 * page; on exit it remembers what it holds and empties.
 */
export function listArea<T>(list: PagedList<T>, names: readonly RouteName[], options: ListAreaOptions = {}): ListArea<T> {
  const { start, title, shows = () => true } = options;
  const memory = createAreaMemory<{ state: PagedListState<T>; title: string; leftAt: number }>();
  let current: string | null = null;
  // Set when the data changed during the visit: what is shown then is not kept.
  let stale = false;
  // The route adopt showed the server's render for: entering it asks nothing.
  const adoptedFor = createAdoptionMark();
  const leave = () => {
    adoptedFor.clear();
    const state = list.$state.get();
    if (current !== null && !stale && state.loaded && !state.error) memory.remember(current, { state, title: title?.get() ?? '', leftAt: Date.now() });
    current = null;
    stale = false;
    list.reset();
  };
  onMount(list.$state, () =>
    onRoute(
      names,
      (route) => {
        if (!shows(route)) {
          if (current !== null) leave();
          return;
        }
        const key = routeKeyOf(route);
        // Remounted on the route it already shows (its islands swapped out and back
        // in by the client router): what it shows or is loading stays.
        if (key === current) return;
        // Adopted: the list holds the server's render already, which leaving the last route would empty.
        const adopted = adoptedFor.take(key);
        if (current !== null && !adopted) leave();
        current = key;
        start?.(route);
        if (adopted) return;
        const kept = memory.recall(current);
        if (kept) {
          title?.set(kept.title);
          list.restore(kept.state);
        } else void list.loadFirstPage();
      },
      leave,
    ),
  );

  const seededState = (seed: ListSeed<T>) => firstPageState(seed.page, list.limit);
  // A page of its routes whose HTML holds the first page (`list.limit` items) where the list held more.
  addHolder((path) => {
    const route = parseRoute(path);
    if (!route || !names.includes(route.name) || !shows(route)) return false;
    const kept = heldOverPage(memory, routeKeyOf(route), pageReached(), true);
    return kept !== undefined && pastFirstPage(kept.state, list.limit);
  });
  const area: ListArea<T> = {
    forget: () => {
      memory.forget();
      forgetPagesWhere((path) => {
        const name = parseRoute(path)?.name;
        return name !== undefined && names.includes(name);
      });
      stale = current !== null;
    },
    states: () => [list.$state.get(), ...memory.snapshots().map((kept) => kept.state)],
    snapshotOf: (seed) =>
      new Map<unknown, unknown>([[list.$state, seededState(seed)], ...(title ? [[title, seed.title ?? ''] as const] : []), ...librarySnapshot(seed.flags)]),
    adopt: (seed) => {
      const route = $route.get();
      const key = route ? routeKeyOf(route) : null;
      if (key !== null) adoptedFor.mark(key);
      else adoptedFor.clear();
      const reached = pageReached();
      // The flags first: the list's change asks about the ones it does not know yet. A library
      // list's own flags are what it shows: no news to it.
      adoptLibraryFlags(seed.flags, reached.asOf, area);
      const held = key === null ? undefined : heldOverPage(memory, key, reached);
      title?.set(held ? held.title : (seed.title ?? ''));
      list.restore(held ? held.state : seededState(seed));
    },
  };
  return area;
}

/**
 * A page of one paged list, whole (`src/api/list-pages.ts`): its list, asking pages of the size
 * the server's first page had, tied to its routes, and the library flags of what it shows kept
 * right, known from the list itself (`held`) or asked about each new item, as the server did.
 */
export function listPageArea<T>(page: ListPage<T>, names: readonly RouteName[], options: ListAreaOptions = {}): { list: PagedList<T>; area: ListArea<T> } {
  // A list of the library itself holds each item once: a page repeating one shown drops it.
  const list = createPagedList(page.load, page.limit, { distinctBy: page.library?.held ? page.library.idOf : undefined });
  keepItemFlagsOf(page.library, list.$state, (state) => state.list);
  const area = listArea(list, names, options);
  if (page.library?.held) {
    const { idOf, kind } = page.library;
    area.changed = heldListChange(list, idOf);
    // Known only of a list whole: one in part, or stopped at SPEC §4's cap, may hold it further on.
    area.lacks = (id) => area.states().some((state) => holdsWhole(state) && !state.list.some((item) => idOf(item) === id));
    // A like, save or follow makes what it remembers stale.
    forgetOnChange(kind, area);
  }
  return { list, area };
}

/**
 * How a list of the library itself (`held`: Liked Songs, Saved Albums, Your Following) follows a
 * like, save or follow made while it shows (`LibraryList.changed`). The provider puts what comes
 * in at the front of its list, before the next page, and closes the gap of what goes out; the
 * rows on screen stay (an unliked row keeps its heart, off, to like it again). So the next page
 * starts one later or one earlier (`shift`), or it would repeat or skip an item: earlier only
 * for an item before the next page, a row loaded or one that came in at the front since.
 */
function heldListChange<T>(list: PagedList<T>, idOf: (item: T) => string): (id: string, inLibrary: boolean) => void {
  // What came in at the front since the list's first page (a row liked again, or one not shown).
  const front = new Set<string>();
  onNotify(list.$state, () => {
    if (!list.$state.get().loaded) front.clear();
  });
  return (id, inLibrary) => {
    // No rows yet: a first page on its way is asked again (`shift`), and nothing is counted.
    if (!list.$state.get().loaded) return list.shift(inLibrary ? 1 : -1);
    if (inLibrary) {
      front.add(id);
      list.shift(1);
    } else if (front.delete(id) || list.$state.get().list.some((item) => idOf(item) === id)) list.shift(-1);
  };
}
