import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the island answers.
 * Controls say aria-disabled until then (no faded flash), so assistive technology
 * and tests know a click that lands before hydration would be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
