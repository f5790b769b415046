import { map, onMount, type MapStore } from 'nanostores';
import { isCanceled, isUnavailable, statusOf } from '../api/errors';
import type { LibraryKind } from '../api/library';
import type { Page } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import { DEFAULT_BACKGROUND, randomPaletteColor } from '../lib/colors';
import { createAreaMemory } from './area-memory';
import { checkLibrary } from './library';
import { createPagedList, type PagedList, type PagedListState } from './paged-list';
import { onRoute, type RouteName } from './route';
import { withTopLoading } from './ui';

/** A section of a detail page; 'hidden' when it failed or the provider does not offer it (SPEC §4, DESIGN §2). */
export interface Section<T> {
  status: 'idle' | 'loading' | 'ready' | 'hidden';
  items: T[];
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

/** How a detail page failed, for the page to say so: SPEC §4's not-found message, DESIGN §2's note, or the error screen. */
type DetailFailure = 'not-found' | 'unavailable' | 'error' | null;

/**
 * A missing id (404) and a malformed one (the provider's 400) both read as
 * "not found": the user followed a link to something that is not there.
 */
export function failureOf(state: Pick<DetailState<unknown, Record<string, unknown>>, 'error' | 'unavailable'>): DetailFailure {
  if (state.unavailable) return 'unavailable';
  if (!state.error) return null;
  const status = statusOf(state.error);
  return status === 404 || status === 400 ? 'not-found' : 'error';
}

/** A paged list of the area: how to fetch a page of it once the entity is known. */
interface AreaListSpec<T, L> {
  limit: number;
  /** The first page's size when it differs (the album page asks 20 tracks first). */
  firstLimit?: number;
  load: (id: string, data: T, offset: number, limit: number) => Promise<Page<L>>;
}

interface DetailAreaSpec<T, S extends Record<string, unknown>, L extends Record<string, unknown>> {
  /** Fetches the entity; a rejection is the page's error. */
  load: (id: string) => Promise<T>;
  /** Sections fetched after the entity, side by side; each hides itself on failure. */
  sections?: { [K in keyof S]: (id: string, data: T) => Promise<S[K][]> };
  /** Paged lists whose first page loads after the entity. */
  lists?: { [K in keyof L]: AreaListSpec<T, L[K]> };
  /** The library flag (saved album, followed artist or user) checked after the entity. */
  libraryKind?: LibraryKind;
  /** Picks the background colour; injectable so tests can pin it. */
  random?: () => number;
}

interface DetailArea<T, S extends Record<string, unknown>, L extends Record<string, unknown>> {
  /** The area's state; islands read it. */
  $state: MapStore<DetailState<T, S>>;
  lists: { [K in keyof L]: PagedList<L[K]> };
  /** Shows an id: from memory when it was seen lately (no request), already prepared, or loaded. */
  open: (id: string) => Promise<void>;
  /**
   * Starts loading an id before its page is on screen (the click that goes there),
   * unless memory holds it; `open` then finds it loading or loaded.
   */
  prepare: (id: string) => Promise<void>;
  /** Loads an id afresh: reset, the entity, then its sections, lists and library flag. */
  load: (id: string) => Promise<void>;
  /** Remembers what is shown, then empties the area (on leaving its page). */
  reset: () => void;
  /** Forgets what was remembered (the entity changed, or the user signed out). */
  forget: (id?: string) => void;
  /** Ties the area to its routes: opened on entry with the named param, reset on exit. */
  bindRoutes: (names: readonly RouteName[], param: string) => void;
}

interface Snapshot<T, S extends Record<string, unknown>> {
  state: DetailState<T, S>;
  lists: Record<string, PagedListState<unknown>>;
}

/**
 * The one implementation of SPEC §4's detail-page rules, the sibling of the
 * paged-list factory: reset on entry, the entity first and then its sections
 * and lists, a new background per load, one stale-answer guard (lib/answer-guard.ts:
 * an answer for an area already left or reloaded is dropped), and a
 * failed section hiding itself. What the user last saw is kept by id, so going
 * back paints at once.
 */
export function createDetailArea<T, S extends Record<string, unknown> = Record<string, never>, L extends Record<string, unknown> = Record<string, never>>(
  spec: DetailAreaSpec<T, S, L>,
): DetailArea<T, S, L> {
  const sectionKeys = Object.keys(spec.sections ?? {}) as (keyof S)[];
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

  const listSpecs = (spec.lists ?? {}) as Record<string, AreaListSpec<T, unknown>>;
  const lists = Object.fromEntries(
    Object.entries(listSpecs).map(([key, list]) => [
      key,
      createPagedList<unknown>((offset, limit) => {
        const { id, data } = $state.get();
        if (!data) return Promise.reject(new Error('The area has no entity yet'));
        return list.load(id, data, offset, offset === 0 ? (list.firstLimit ?? limit) : limit);
      }, list.limit),
    ]),
  ) as { [K in keyof L]: PagedList<L[K]> };
  const allLists = () => Object.entries(lists) as [string, PagedList<unknown>][];

  function setSection<K extends keyof S>(key: K, section: Section<S[K]>): void {
    $state.setKey('sections', { ...$state.get().sections, [key]: section });
  }

  async function loadSection<K extends keyof S>(mine: number, key: K, id: string, data: T): Promise<void> {
    setSection(key, { status: 'loading', items: [] });
    try {
      const items = await spec.sections![key](id, data);
      if (answers.isCurrent(mine)) setSection(key, { status: 'ready', items });
    } catch (error) {
      if (!answers.isCurrent(mine) || isCanceled(error)) return;
      if (!isUnavailable(error)) console.error(`Section ${String(key)} failed to load`, error);
      setSection(key, { status: 'hidden', items: [] });
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
    $state.set({ ...initial(), id, loading: true, background: randomPaletteColor(spec.random) });
    let data: T;
    try {
      data = await withTopLoading(spec.load(id));
    } catch (error) {
      if (!answers.isCurrent(mine) || isCanceled(error)) return;
      $state.set({ ...$state.get(), loading: false, ...(isUnavailable(error) ? { unavailable: true } : { error }) });
      return;
    }
    if (!answers.isCurrent(mine)) return;
    $state.set({ ...$state.get(), loading: false, data });
    await Promise.all([
      ...sectionKeys.map((key) => loadSection(mine, key, id, data)),
      ...allLists().map(([, list]) => list.loadFirstPage()),
      spec.libraryKind ? checkLibrary(spec.libraryKind, [id]) : undefined,
    ]);
  }

  function reset(): void {
    const state = $state.get();
    if (state.data && !state.loading) {
      memory.remember(state.id, {
        state,
        lists: Object.fromEntries(allLists().map(([key, list]) => [key, list.$state.get()])),
      });
    }
    empty();
  }

  async function prepare(id: string): Promise<void> {
    const { id: shown, data, loading } = $state.get();
    if (shown === id && (data || loading)) return;
    // The area is on screen with another id: emptying it now would blank the page still shown.
    if (shown !== '' && shown !== id) return;
    if (memory.recall(id)) return;
    await load(id);
  }

  async function open(id: string): Promise<void> {
    const { id: shown, data, loading } = $state.get();
    // Prepared by the click that led here: it is on its way or here already.
    if (shown === id && id !== '' && (data || loading)) return;
    const kept = memory.recall(id);
    if (!kept) return load(id);
    empty();
    $state.set(kept.state);
    for (const [key, list] of allLists()) {
      const listState = kept.lists[key];
      if (listState?.loaded && !listState.error) list.restore(listState);
      else void list.loadFirstPage();
    }
  }

  function bindRoutes(names: readonly RouteName[], param: string): void {
    const follow = () => onRoute(names, (route) => void open(route.params[param] ?? ''), reset);
    onMount($state, follow);
    // A page that shows only one of the area's lists still opens the area.
    for (const [, list] of allLists()) onMount(list.$state, () => $state.listen(() => {}));
  }

  return { $state, lists, open, prepare, load, reset, forget: (id) => memory.forget(id), bindRoutes };
}
