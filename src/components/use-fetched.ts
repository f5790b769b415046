import { useEffect, useState } from 'react';
import type { FetchedOnce } from '../lib/fetched-once';

/**
 * A lazy part's module while it is `wanted` (a menu or panel open), fetching it if it has not
 * come yet; null until it has. Not React.lazy with Suspense: React holds back a suspended
 * boundary's content until 300 ms after its fallback was shown (its throttle against flashing
 * fallbacks), so every first open waited about 300 ms for a chunk that came in 20. A chunk that
 * fails to come is thrown to the island's error boundary, as React.lazy did.
 */
export function useFetched<T>(part: FetchedOnce<T>, wanted: boolean): T | null {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setCame] = useState(false);
  const module = part.current();
  useEffect(() => {
    if (!wanted || module) return;
    let mounted = true;
    part().then(
      () => mounted && setCame(true),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [part, wanted, module]);
  if (failure) throw failure.error;
  return wanted ? module : null;
}
