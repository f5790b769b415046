import { map, onMount, type MapStore } from 'nanostores';
import { ApiError, isCanceled, isUnavailable, pageFailureOf } from '../api/errors';
import { createAnswerGuard } from '../lib/answer-guard';
import { partStateOf, type PartState, type Section } from '../lib/part-state';
import { DEFAULT_BACKGROUND, randomPaletteColor } from '../lib/colors';
import type { AreaSeed, DetailFailure, DetailList, DetailPage, FirstPage } from '../api/page-shapes';
import { seedOnItsWay } from './adoption-mark';
import { createAreaMemory, heldOverPage, pastFirstPage, type LeftAt } from './area-memory';
import { addHolder, pageReached } from './page-memory';
import { adoptLibraryFlags, checkLibrary, keepItemFlagsOf, librarySnapshot } from './library';
import { createPagedList, firstPageState, type PagedList, type PagedListState } from './paged-list';
import { onRoute, parseRoute, type RouteName } from './route';
import { withTopLoading } from './ui';

/**
 * A section's states that need no more asking: shown, failed, or not offered. A detail page
 * hides a section that failed or that the provider does not offer (SPEC §4, DESIGN §2:
 * `showsSection`); a page that is that one section says which (the related artists).
 */
const SETTLED: readonly Section<unknown>['status'][] = ['ready', 'error', 'unavailable'];

/**
 * A section as a page's seed gives it: its items; null when it failed on the server;
 * 'unavailable' when the provider does not offer it; absent when the page did not ask for it
 * (the artist's albums page has no Popular Tracks).
 */
function seededSection<T>(items: T[] | null | 'unavailable' | undefined): Section<T> {
  if (items === undefined) return { status: 'idle', items: [] };
  if (items === 'unavailable') return { status: 'unavailable', items: [] };
  return items ? { status: 'ready', items } : { status: 'error', items: [] };
}

/** SPEC §3's client state of a detail area, the same for album, artist, playlist, user and profile. */
export interface DetailState<T, S extends Record<string, unknown>> {
  /** The id the area shows (or is loading). */
  id: string;
  loading: boolean;
  /** The failure of the main load: the page shows the not-found message or the error screen. */
  error: unknown;
  /** The provider does not offer this entity to this app (development mode). */
  unavailable: boolean;
  data: T | null;
  /** The header's background: a new random palette colour on every load (SPEC §4). */
  background: string;
  sections: { [K in keyof S]: Section<S[K]> };
}

/** The error a failure stands for, so that failureOf reads a seeded state as it reads a loaded one. */
function errorOf(failure: DetailFailure): ApiError | null {
  if (failure === 'not-found') return new ApiError('http', 'Not Found', 404);
  if (failure === 'error') return new ApiError('http', 'The server could not load it', 500);
  return null;
}

/**
 * A missing id (404) and a malformed one (the provider's 400) both read as
 * "not found": the user followed a link to something that is not there.
 */
export function failureOf(state: Pick<DetailState<unknown, Record<string, unknown>>, 'error' | 'unavailable'>): DetailFailure {
  if (state.unavailable) return 'unavailable';
  return state.error ? pageFailureOf(state.error) : null;
}

/** The page's entity as a part of it (lib/part-state.ts): shown once loaded, else why not. */
export function entityPartState(state: Pick<DetailState<unknown, Record<string, unknown>>, 'error' | 'unavailable' | 'data'>): PartState {
  const answered = state.data !== null;
  return partStateOf({ answered, count: answered ? 1 : 0, failure: failureOf(state) });
}

interface DetailAreaOptions<T> {
  /** The entity as the browser gets it, when that differs from the page's call (the own profile is asked once per page load). */
  load?: (id: string) => Promise<T>;
  /** Picks the background colour; injectable so tests can pin it. */
  random?: () => number;
}

interface DetailArea<T, S extends Record<string, unknown>, L extends Record<string, unknown>> {
  /** The area's state; islands read it. */
  $state: MapStore<DetailState<T, S>>;
  lists: { [K in keyof L]: PagedList<L[K]> };
  /** Shows an id: from memory when it was seen lately (no request), already shown, or loaded. */
  open: (id: string) => Promise<void>;
  /** Loads an id afresh: reset, the entity, then its sections, lists and library flag. */
  load: (id: string) => Promise<void>;
  /** Asks one section of the shown entity again (its Try again), and nothing else. */
  retrySection: (key: keyof S) => Promise<void>;
  /** Remembers what is shown, then empties the area (on leaving its page). */
  reset: () => void;
  /** Forgets what was remembered (the entity changed, or the user signed out). */
  forget: (id?: string) => void;
  /** Ties the area to its routes: opened on entry with the named param, reset on exit. */
  bindRoutes: (names: readonly RouteName[], param: string) => void;
  /** The area's stores as the server rendered them (`seed`), by store: what a server render reads. */
  snapshotOf: (seed: AreaSeed<T, S, L>) => Map<unknown, unknown>;
  /**
   * Shows what the server rendered: the stores take the seed's values, and nothing is asked. A list
   * the area held more of when the user left it shows as left, over its first page, by the list
   * areas' rule (area-memory.ts `heldOverPage`): Back to an artist's later albums, a playlist's later tracks.
   */
  adopt: (seed: AreaSeed<T, S, L>) => void;
}

interface Snapshot<T, S extends Record<string, unknown>> extends LeftAt {
  state: DetailState<T, S>;
  lists: Record<string, PagedListState<unknown>>;
}

/**
 * The one implementation of SPEC §4's detail-page rules, the sibling of the
 * paged-list factory: reset on entry, the entity first and then its sections
 * and lists, a new background per load, one stale-answer guard (lib/answer-guard.ts:
 * an answer for an area already left or reloaded is dropped), and a
 * failed section hiding itself. What the user last saw is kept by id, so going
 * back paints at once. Its parts, their page sizes and their flags are the page's
 * (a `DetailPage` beside its calls, as `albumPage` in `src/api/albums.ts`), which the server rendered from.
 */
export function createDetailArea<T, S extends Record<string, unknown> = Record<string, never>, L extends Record<string, unknown> = Record<string, never>>(
  page: DetailPage<T, S, L>,
  options: DetailAreaOptions<T> = {},
): DetailArea<T, S, L> {
  const loadEntity = options.load ?? page.load;
  const sectionKeys = Object.keys(page.sections ?? {}) as (keyof S)[];
  const idleSections = () => Object.fromEntries(sectionKeys.map((key) => [key, { status: 'idle', items: [] }])) as unknown as DetailState<T, S>['sections'];
  const initial = (): DetailState<T, S> => ({
    id: '',
    loading: false,
    error: null,
    unavailable: false,
    data: null,
    background: DEFAULT_BACKGROUND,
    sections: idleSections(),
  });
  const $state = map<DetailState<T, S>>(initial());
  const memory = createAreaMemory<Snapshot<T, S>>();
  const answers = createAnswerGuard();

  const listSpecs = (page.lists ?? {}) as Record<string, DetailList<unknown, T>>;
  const lists = Object.fromEntries(
    Object.entries(listSpecs).map(([key, list]) => [
      key,
      createPagedList<unknown>(async (offset, limit) => {
        const { id, data } = $state.get();
        if (!data) throw new Error('The area has no entity yet');
        const shown = await list.load(id, offset, offset === 0 ? (list.firstLimit ?? limit) : limit);
        return list.ofEntity ? list.ofEntity(shown, data) : shown;
      }, list.limit),
    ]),
  ) as { [K in keyof L]: PagedList<L[K]> };
  const allLists = () => Object.entries(lists) as [string, PagedList<unknown>][];

  function setSection<K extends keyof S>(key: K, section: Section<S[K]>): void {
    $state.setKey('sections', { ...$state.get().sections, [key]: section });
  }

  async function loadSection<K extends keyof S>(mine: number, key: K, id: string): Promise<void> {
    setSection(key, { status: 'loading', items: [] });
    try {
      const items = await page.sections![key].load(id);
      if (answers.isCurrent(mine)) setSection(key, { status: 'ready', items });
    } catch (error) {
      if (!answers.isCurrent(mine) || isCanceled(error)) return;
      if (!isUnavailable(error)) console.error(`Section ${String(key)} failed to load`, error);
      setSection(key, { status: isUnavailable(error) ? 'unavailable' : 'error', items: [] });
    }
  }

  function empty(): void {
    answers.forget();
    $state.set(initial());
    for (const [, list] of allLists()) list.reset();
  }

  async function load(id: string): Promise<void> {
    empty();
    const mine = answers.current();
    $state.set({ ...initial(), id, loading: true, background: randomPaletteColor(options.random) });
    let data: T;
    try {
      data = await withTopLoading(loadEntity(id));
    } catch (error) {
      if (!answers.isCurrent(mine) || isCanceled(error)) return;
      $state.set({ ...$state.get(), loading: false, ...(isUnavailable(error) ? { unavailable: true } : { error }) });
      return;
    }
    if (!answers.isCurrent(mine)) return;
    $state.set({ ...$state.get(), loading: false, data });
    await Promise.all([
      ...sectionKeys.map((key) => loadSection(mine, key, id)),
      ...allLists().map(([, list]) => list.loadFirstPage()),
      page.library ? checkLibrary(page.library, [id]) : undefined,
    ]);
  }

  function retrySection(key: keyof S): Promise<void> {
    const { id, data } = $state.get();
    return data ? loadSection(answers.current(), key, id) : Promise.resolve();
  }

  function reset(): void {
    const state = $state.get();
    if (state.data && !state.loading) {
      memory.remember(state.id, {
        state,
        lists: Object.fromEntries(allLists().map(([key, list]) => [key, list.$state.get()])),
        leftAt: Date.now(),
      });
    }
    empty();
  }

  async function open(id: string): Promise<void> {
    const { id: shown, data, loading, error, unavailable } = $state.get();
    // On its way or here already, or adopted from the server, whose failure stands as its answer.
    if (shown === id && id !== '' && (data || loading || error || unavailable)) return;
    const kept = memory.recall(id);
    // Another album (artist, playlist) swapped in: its island adopts the server's seed.
    if (!kept && seedOnItsWay()) return empty();
    if (!kept) return load(id);
    empty();
    const mine = answers.current();
    $state.set(kept.state);
    // What the kept page had not settled (a section it did not show, or one still on its way
    // when the user left) is asked now; the rest paints from memory.
    const unsettled = sectionKeys.filter((key) => !SETTLED.includes(kept.state.sections[key].status));
    for (const key of unsettled) void loadSection(mine, key, id);
    for (const [key, list] of allLists()) {
      const listState = kept.lists[key];
      if (listState?.loaded && !listState.error) list.restore(listState);
      else void list.loadFirstPage();
    }
  }

  function bindRoutes(names: readonly RouteName[], param: string): void {
    const follow = () => onRoute(names, (route) => void open(route.params[param] ?? ''), reset);
    // A page of its routes whose HTML holds a list's first page where the area held more of it.
    addHolder((path) => {
      const route = parseRoute(path);
      if (!route || !names.includes(route.name)) return false;
      const kept = heldOverPage(memory, route.params[param] ?? '', pageReached(), true);
      return kept !== undefined && allLists().some(([key]) => {
        const held = kept.lists[key];
        return held !== undefined && pastFirstPage(held, listSpecs[key]!.firstLimit ?? listSpecs[key]!.limit);
      });
    });
    onMount($state, follow);
    // A page that shows only one of the area's lists still opens the area.
    for (const [, list] of allLists()) onMount(list.$state, () => $state.listen(() => {}));
  }

  function seededState(seed: AreaSeed<T, S, L>): DetailState<T, S> {
    const sections = Object.fromEntries(sectionKeys.map((key) => [key, seededSection(seed.sections?.[key])])) as unknown as DetailState<T, S>['sections'];
    return {
      id: seed.id,
      loading: false,
      error: errorOf(seed.failure),
      unavailable: seed.failure === 'unavailable',
      data: seed.data,
      background: seed.background,
      sections,
    };
  }

  const seededList = (seed: AreaSeed<T, S, L>, key: string) =>
    firstPageState((seed.lists as Record<string, FirstPage<unknown>> | undefined)?.[key], listSpecs[key]!.limit);

  function snapshotOf(seed: AreaSeed<T, S, L>): Map<unknown, unknown> {
    return new Map<unknown, unknown>([
      [$state, seededState(seed)],
      ...allLists().map(([key, list]) => [list.$state, seededList(seed, key)] as const),
      ...librarySnapshot(seed.flags),
    ]);
  }

  function adopt(seed: AreaSeed<T, S, L>): void {
    answers.forget();
    const reached = pageReached();
    // The flags first: a list's change asks about the hearts it does not know yet. The entity
    // before its lists: reading a list mounts the area (nanostores' get), whose route binding
    // then finds this id shown and loads nothing.
    adoptLibraryFlags(seed.flags, reached.asOf);
    $state.set(seededState(seed));
    const held = heldOverPage(memory, seed.id, reached);
    for (const [key, list] of allLists()) {
      const seeded = seededList(seed, key);
      // What the user had loaded of a list the page shows (its first page in the seed), as it was left.
      const kept = held?.lists[key];
      const asLeft = kept !== undefined && seeded.loaded && !seeded.error && kept.loaded && !kept.error;
      list.restore(asLeft ? kept : seeded);
    }
  }

  // The flags of what the sections and lists show, as the server gave them for its render.
  for (const key of sectionKeys) keepItemFlagsOf(page.sections![key].library, $state, (state) => state.sections[key].items);
  for (const [key, list] of allLists()) keepItemFlagsOf(listSpecs[key]!.library, list.$state, (state) => state.list);

  return { $state, lists, open, load, retrySection, reset, forget: (id) => memory.forget(id), bindRoutes, snapshotOf, adopt };
}
