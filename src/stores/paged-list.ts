import { map, type MapStore } from 'nanostores';
import { ApiError, isCanceled, isUnavailable, statusOf, UNAVAILABLE_MESSAGE } from '../api/errors';
import type { FirstPage } from '../api/page-shapes';
import type { Page } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import { hasMoreAfter, mayLoadAt, type PageStart } from '../lib/list-paging';
import { partStateOf, type PartState } from '../lib/part-state';

/** DESIGN §2: what a page says where the provider does not offer something to this app. */
export const NOT_AVAILABLE_MESSAGE = UNAVAILABLE_MESSAGE;

/** SPEC §3's client state of a list area: loading, error, list, has-more and offset. */
export interface PagedListState<T> {
  list: T[];
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** The offset of the next page to load. */
  offset: number;
  /** Whether a first page has arrived (an empty list before it is not "empty"). */
  loaded: boolean;
  /**
   * Where the last page begins, in a list the server rendered several pages of at once (JavaScript
   * off's Show more, `?pages=`): its first item carries the id Show more's link lands on
   * (PagedView). Gone with the next page the browser loads: nobody follows that link then.
   */
  lastPageStart?: PageStart;
}

export interface PagedList<T> {
  /** The page size it asks for. */
  limit: number;
  /** The list's state; islands read it. */
  $state: MapStore<PagedListState<T>>;
  /** Loads the first page (offset 0, replacing the list). */
  loadFirstPage: () => Promise<void>;
  /** Asks again for the page that failed: the first, or the next one after what came, which stays. */
  retry: () => Promise<void>;
  /** Loads the next page (the one on its way, when loading, is waited for); does nothing after an error or with no more data. */
  loadNextPage: () => Promise<void>;
  /** Back to the empty state; an answer still on its way is dropped. */
  reset: () => void;
  /** Puts back a state kept earlier (painting from memory); an answer still on its way is dropped. */
  restore: (state: PagedListState<T>) => void;
  /**
   * The provider's list changed under the one on screen by `by` items before the next page
   * (`shiftedState`); a page on its way was asked of the list as it was, and is asked again.
   */
  shift: (by: number) => void;
}

/**
 * SPEC §4: whether the next page may load (when the last item comes into view):
 * a first page has arrived, nothing is loading, no error, more data, and the next
 * offset not past the cap of 80 (src/lib/list-paging.ts holds the rules). The one guard of loadNextPage and of the view's observer.
 */
export function canLoadMore(state: PagedListState<unknown>): boolean {
  return state.loaded && !state.loading && !state.error && state.hasMore && mayLoadAt(state.offset);
}

/**
 * Whether a list holds the provider's whole list: its pages ran out before SPEC §4's cap (the
 * next offset not past it, as canLoadMore asks). Has-more forced false by the cap says nothing of
 * the end: Liked Songs scrolled to its cap shows 100 songs of 150, and the other 50 are liked too.
 */
export function holdsWhole(state: PagedListState<unknown>): boolean {
  return state.loaded && !state.error && !state.hasMore && mayLoadAt(state.offset);
}

/**
 * The list once the page asked at `offset` arrived (SPEC §4's rules): offset 0 replaces,
 * later pages append; the provider may answer a smaller page than asked (development mode's
 * limit 10). The server's first page becomes a list's state through it too (`firstPageState`).
 */
function stateWithPage<T>(previous: readonly T[], page: Page<T>, offset: number, limit: number, distinctBy?: (item: T) => string): PagedListState<T> {
  const pageLimit = page.limit > 0 ? page.limit : limit;
  const kept = offset === 0 ? [] : previous;
  return {
    list: [...kept, ...withoutShown(kept, page.items, distinctBy)],
    loading: false,
    error: null,
    hasMore: hasMoreAfter(offset, pageLimit, page.total),
    offset: offset + pageLimit,
    loaded: true,
  };
}

/**
 * A later page's items less those the list shows already, for a list whose items are each in it
 * once (`distinctBy`: the library's, by id). Its provider's list can gain items at its front from
 * elsewhere (a like on another device) while it shows: the page after then repeats the last ones.
 */
function withoutShown<T>(shown: readonly T[], items: readonly T[], distinctBy?: (item: T) => string): readonly T[] {
  if (!distinctBy || shown.length === 0) return items;
  const seen = new Set(shown.map(distinctBy));
  return items.filter((item) => !seen.has(distinctBy(item)));
}

/**
 * A list's state after the first page the server rendered (null: it failed there; 'unavailable':
 * DESIGN §2's not offered). Undefined: the page rendered did not ask for it (an artist's related
 * artists page has no albums), and the list stays unasked, as before any load.
 */
export function firstPageState<T>(page: FirstPage<T> | undefined, limit: number): PagedListState<T> {
  if (page === undefined) return initialState<T>();
  if (page === 'unavailable') return { ...initialState<T>(), loaded: true, hasMore: false, error: new ApiError('unavailable', UNAVAILABLE_MESSAGE) };
  if (page === 'not-found') return { ...initialState<T>(), loaded: true, hasMore: false, error: new ApiError('http', 'Not Found', 404) };
  if (!page) return { ...initialState<T>(), loaded: true, hasMore: false, error: new Error('The first page failed on the server') };
  const state = stateWithPage([], page, 0, limit);
  return page.lastPageStart ? { ...state, lastPageStart: page.lastPageStart } : state;
}

/**
 * The list once the provider's list changed under it by `by` items before its next page: items
 * added at its front (a like while Liked Songs shows), or loaded ones gone (an unlike, a row
 * removed from a playlist; `by` < 0). SPEC §4's next offset = offset + limit counts the provider's
 * list as it stood, so the next page starts that much later or earlier, or it would repeat or
 * skip as many items. The rows on screen stay as they are. The one rule of every list that
 * changes while it shows (the library's, a playlist's).
 */
export function shiftedState<S extends Pick<PagedListState<unknown>, 'offset'>>(state: S, by: number): S {
  return by === 0 ? state : { ...state, offset: Math.max(0, state.offset + by) };
}

/** How a page is fetched: the offset and limit to ask for. */
export type PageLoader<T> = (offset: number, limit: number) => Promise<Page<T>>;

function initialState<T>(): PagedListState<T> {
  return { list: [], loading: false, error: null, hasMore: true, offset: 0, loaded: false };
}

/**
 * The one implementation of SPEC §4's paging rules: next offset = offset +
 * limit; has-more = total > offset + limit, and false once offset reaches 80;
 * offset 0 replaces the list, later pages append.
 */
export function createPagedList<T>(load: PageLoader<T>, limit = 20, { distinctBy }: { distinctBy?: (item: T) => string } = {}): PagedList<T> {
  const $state = map<PagedListState<T>>(initialState<T>());
  // Each load and each reset stales the answers to every load before it.
  const answers = createAnswerGuard();

  /** The load on its way, for a caller that needs its page (loadNextPage while one loads). */
  let running: Promise<void> | null = null;

  function loadAt(offset: number): Promise<void> {
    const load = loadPageAt(offset).finally(() => {
      if (running === load) running = null;
    });
    running = load;
    return load;
  }

  async function loadPageAt(offset: number): Promise<void> {
    const mine = answers.ask();
    $state.set({ ...$state.get(), loading: true, error: null });
    try {
      const page = await load(offset, limit);
      if (!answers.isCurrent(mine)) return;
      $state.set(stateWithPage($state.get().list, page, offset, limit, distinctBy));
    } catch (error) {
      if (!answers.isCurrent(mine)) return;
      // A cancelled load was replaced by a newer one of the same name, which owns the state now.
      if (isCanceled(error)) return;
      $state.set({ ...$state.get(), loading: false, error });
    }
  }

  return {
    limit,
    $state,
    loadFirstPage: () => loadAt(0),
    // The offset moves on only with a page that arrived, so it is the failed page's (0 for the first).
    retry: () => loadAt($state.get().offset),
    loadNextPage: async () => {
      const state = $state.get();
      // A page on its way is the next one: waited for rather than asked twice.
      if (state.loading && running) return running;
      if (!canLoadMore(state)) return;
      await loadAt(state.offset);
    },
    reset: () => {
      answers.forget();
      $state.set(initialState<T>());
    },
    restore: (state) => {
      answers.forget();
      $state.set({ ...state, loading: false });
    },
    shift: (by) => {
      const state = $state.get();
      if (by === 0 || (!state.loaded && !state.loading)) return;
      // A first page on its way may hold the list before or after the change: asked again.
      if (!state.loaded) return void loadAt(0);
      // The offset of a page on its way is the state's (it moves on only when the page arrives),
      // so that page is asked again where the next one now starts.
      const shifted = shiftedState(state, by);
      $state.set(shifted);
      if (state.loading) void loadAt(shifted.offset);
    },
  };
}

/** Whether a list (or area) failed only because the provider does not offer it to this app (DESIGN §2). */
export function isListUnavailable(error: unknown): boolean {
  return isUnavailable(error);
}

/** The list's first page as a part of its screen (lib/part-state.ts): its items once any came, else why not. */
export function listPartState(state: PagedListState<unknown>): PartState {
  const failure = state.error ? (isListUnavailable(state.error) ? 'unavailable' : 'error') : null;
  return partStateOf({ answered: state.loaded && !state.loading, count: state.list.length, failure });
}

/** Whether a list failed because what it belongs to is not there: an unknown (404) or malformed (400) id. */
export function isListNotFound(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 400;
}
