import { useStore, type UseStoreOptions } from '@nanostores/react';
import { createContext, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';
import type { ReadableAtom, StoreValue } from 'nanostores';

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
 * The root of a server-seeded island: provides `snapshot` to the components below, and in
 * the browser calls `adopt` once, before the first render reads any store.
 */
export function SeededIsland({ snapshot, adopt, children }: { snapshot: () => StoreSnapshot; adopt: () => void; children: ReactNode }) {
  const [seeded] = useState(() => {
    const values = snapshot();
    if (!onServer) adopt();
    return values;
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

/** A store's value, or the island's snapshot of it on the server and while hydrating. */
export function useSeededStore<S extends ReadableAtom<unknown>>(store: S, options?: UseStoreOptions<S>): StoreValue<S> {
  const live = useStore(store, options);
  const snapshot = useContext(ServerSnapshotContext);
  const hydrated = useHydrated();
  if (snapshot?.has(store) && (onServer || !hydrated)) return snapshot.get(store) as StoreValue<S>;
  return live;
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
