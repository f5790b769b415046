/**
 * The last few areas a user saw, by route key, so back and forward (and a
 * second visit) paint at once from memory with no request and no skeleton.
 * Least recently used first out; pure, so its rule is tested without a browser.
 */
interface AreaMemory<S> {
  /** Keeps a snapshot under a key, as the most recent one. */
  remember: (key: string, snapshot: S) => void;
  /** The snapshot kept under a key (and marks it the most recent), or undefined. */
  recall: (key: string) => S | undefined;
  /** The snapshot kept under a key, marking nothing, or undefined. */
  peek: (key: string) => S | undefined;
  /** Drops a key (its data changed) or, without one, everything (sign-out). */
  forget: (key?: string) => void;
  /** Every snapshot kept, least recently used first, marking none. */
  snapshots: () => S[];
}

/**
 * Whether what an area held when the user left it (`leftAt`, ms since the epoch) shows rather
 * than the seed of the page shown for its route, asked of the site at `pageAsOf` (page-memory.ts
 * `$pageAsOf`): on Back and Forward (`traversed`) it does, as the user left it (a list's later
 * pages), whether the router swapped in the copy kept from the visit or had none and asked the
 * site (a page loaded whole whose list hydrated early is not kept); on a new visit only when that
 * page is older (a page asked since, a new visit or one fetched ahead after leaving, is newer).
 * A change of the data meanwhile (a like) has forgotten what was held already (`ListArea.forget`).
 */
export function rememberedWins(leftAt: number, pageAsOf: number, traversed: boolean): boolean {
  return traversed || leftAt >= pageAsOf;
}

/** What an area kept of a route when the user left it, at `leftAt` (ms since the epoch). */
export interface LeftAt {
  leftAt: number;
}

/** How the page on screen was reached: asked of the site `asOf` (page-memory.ts `$pageAsOf`), by Back or Forward (`traversed`) or not. */
export interface PageReached {
  asOf: number;
  traversed: boolean;
}

/**
 * What `memory` kept of `key` that shows over the seed of the page reached (`rememberedWins`): for
 * an area adopting that page, which forgets one that does not (the page is newer); or, `look`,
 * for a look ahead of the swap (page-memory.ts `showsMoreThanItsHtml`), which changes nothing.
 * The one rule of list areas and of the lists of detail areas.
 */
export function heldOverPage<S extends LeftAt>(memory: AreaMemory<S>, key: string, page: PageReached, look = false): S | undefined {
  const kept = look ? memory.peek(key) : memory.recall(key);
  if (kept && rememberedWins(kept.leftAt, page.asOf, page.traversed)) return kept;
  if (!look) memory.forget(key);
  return undefined;
}

/**
 * Whether a list held shows more than a page's HTML does, which holds its first page of at most
 * `firstPage` items: a later page came. Its page's islands then hydrate as it comes.
 */
export function pastFirstPage(state: { list: readonly unknown[]; loaded: boolean; error: unknown }, firstPage: number): boolean {
  return state.loaded && !state.error && state.list.length > firstPage;
}

/** SPEC leaves it open; five covers a user's back-and-forth between a list and its items. */
const AREA_MEMORY_SIZE = 5;

/** Makes a memory holding at most `size` snapshots. */
export function createAreaMemory<S>(size = AREA_MEMORY_SIZE): AreaMemory<S> {
  // A Map keeps insertion order: the first key is the least recently used.
  const kept = new Map<string, S>();
  return {
    remember(key, snapshot) {
      kept.delete(key);
      kept.set(key, snapshot);
      while (kept.size > size) kept.delete(kept.keys().next().value as string);
    },
    recall(key) {
      const snapshot = kept.get(key);
      if (snapshot === undefined) return undefined;
      kept.delete(key);
      kept.set(key, snapshot);
      return snapshot;
    },
    peek: (key) => kept.get(key),
    forget(key) {
      if (key === undefined) kept.clear();
      else kept.delete(key);
    },
    snapshots: () => [...kept.values()],
  };
}
