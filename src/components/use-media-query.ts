import { useCallback, useSyncExternalStore } from 'react';

/** Wide screens with a pointer that hovers: where tracks are dragged (a finger's long press opens the row's menu). */
export const DRAGS_TRACKS = '(min-width: 900px) and (hover: hover)';

/** Whether a media query matches now, following its changes; false in the server's HTML and during hydration. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matchMedia(query).matches, () => false);
}
