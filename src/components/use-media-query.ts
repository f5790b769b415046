import { useCallback, useSyncExternalStore } from 'react';
import { NARROW_SCREEN } from '../lib/screens';

export { DRAGS_TRACKS } from '../lib/screens';

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

/** Whether the shell is the narrow one now (false on the server and while hydrating, like the server's HTML). */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN);
}
