import { useStore as useStoreInBrowser, type UseStoreOptions } from '@nanostores/react';
import { createContext, Suspense, useCallback, useContext, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { MapStore, ReadableAtom, StoreValue } from 'nanostores';
import { sameData } from '../lib/same-data';

/**
 * What a server-rendered island shows, by store: the first page of its list, the library
 * flags of what it shows. The server's stores are one set for every user at once, so a
 * server render never reads them; it reads this snapshot instead. In the browser the
 * island's first render puts the values into the stores (adopt) and hydrates from the
 * snapshot, so it finds the HTML it expects; from then on the stores speak (they may know
 * better: a like given since a page kept for back and forward was rendered).
 */
export type StoreSnapshot = ReadonlyMap<unknown, unknown>;

const ServerSnapshotContext = createContext<StoreSnapshot | null>(null);

const onServer = typeof window === 'undefined';

/**
 * The snapshot a browser hydrates from, once `adopt` has filled the stores: where a store holds
 * the same data as the server rendered, its own object. React compares what hydration read with
 * what the store holds once hydration ends, and renders again whatever differs; with the store's
 * own object nothing differs, so a page is rendered once, not hydrated and then rendered whole a
 * second time in one task. Where the store knows better, the server's value stays, so hydration
 * still finds the server's HTML and the component renders the store's afterwards.
 */
function adoptedSnapshot(values: StoreSnapshot): StoreSnapshot {
  return new Map(
    [...values].map(([store, value]) => {
      const held = (store as ReadableAtom<unknown>).get();
      return [store, sameData(held, value) ? held : value];
    }),
  );
}

/**
 * The root of a server-seeded island: provides `snapshot` to the components below, and in
 * the browser calls `adopt` once, before the first render reads any store.
 */
export function SeededIsland({ snapshot, adopt, children }: { snapshot: () => StoreSnapshot; adopt: () => void; children: ReactNode }) {
  const [seeded] = useState(() => {
    const values = snapshot();
    if (onServer) return values;
    adopt();
    return adoptedSnapshot(values);
  });
  // A boundary the server rendered whole is hydrated by React at a low priority, in slices that
  // give the main thread back every few milliseconds, where the island's root is hydrated in one
  // task: a page's content is most of its hydration, and one long task would hold a tap or a key.
  return (
    <ServerSnapshotContext.Provider value={seeded}>
      <Suspense fallback={null}>{children}</Suspense>
    </ServerSnapshotContext.Provider>
  );
}

/**
 * What a server render shows for `store` outside the island's snapshot: the value the store
 * starts with (undefined for a computed store: an island shows such a store's value only once
 * hydrated). Never the store's own value: reading it would mount the store.
 */
const startValueOf = (store: ReadableAtom<unknown>): unknown => (store as ReadableAtom<unknown> & { init?: unknown }).init;

/**
 * A store's value, for an island: the island's snapshot of it on the server and while hydrating,
 * the store's own after. The one way islands and components read a store (ESLint holds it).
 *
 * A server render never touches a store. The server's stores are one set for every user at once,
 * and reading one mounts it: its onMount ran in the site's process (the player's progress timer,
 * the search box's route subscription, a playlist page loading the profile through the user's
 * provider calls and keeping it for every user). @nanostores/react's own hook reads the store on
 * the server too, so this one reads the snapshot there, or the store's start value.
 */
export function useStore<S extends ReadableAtom<unknown>>(store: S, options?: UseStoreOptions<S>): StoreValue<S> {
  const snapshot = useContext(ServerSnapshotContext);
  if (onServer) return (snapshot?.has(store) ? snapshot.get(store) : startValueOf(store)) as StoreValue<S>;
  const seeded = snapshot?.has(store) ? () => snapshot.get(store) as StoreValue<S> : undefined;
  return useStoreInBrowser(store, seeded ? { ...options, ssr: seeded } : options);
}

/**
 * One key of a map store of flags (a track's heart, an album's Save), seeded as useStore
 * is. It renders again only when that key's value changes, where the whole map would change
 * with any other key's (an island's hearts are adopted into a map that holds others too).
 */
export function useSeededFlag<V>(store: MapStore<Record<string, V>>, key: string): V | undefined {
  const snapshot = useContext(ServerSnapshotContext);
  // Any change of the map asks for the key again; React renders only if its value changed.
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const held = () => store.get()[key];
  const seeded = snapshot?.has(store)
    ? () => (snapshot.get(store) as Record<string, V>)[key]
    : onServer
      ? () => (startValueOf(store) as Record<string, V> | undefined)?.[key]
      : held;
  return useSyncExternalStore(subscribe, held, seeded);
}

/** A detail area's way from a seed to its stores (src/stores/detail-area.ts). */
interface SeedableArea<Seed> {
  snapshotOf(seed: Seed): StoreSnapshot;
  adopt(seed: Seed): void;
}

/** The island of a page that shows one detail area as the server rendered it: `View` reads the area's stores. */
export function seededAreaView<Seed>(area: SeedableArea<Seed>, View: ComponentType) {
  return function SeededAreaView({ seed }: { seed: Seed }) {
    return (
      <SeededIsland snapshot={() => area.snapshotOf(seed)} adopt={() => area.adopt(seed)}>
        <View />
      </SeededIsland>
    );
  };
}
