import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the island answers.
 * Controls are rendered disabled until then, so a click that lands before
 * hydration is refused visibly instead of being lost (and tests wait for it).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
