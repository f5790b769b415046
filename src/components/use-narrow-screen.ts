import { useSyncExternalStore } from 'react';

/** Below md (SPEC §9: 900 px) the shell is the narrow one: no top bar, a bottom navigation. */
export const NARROW_SCREEN = '(max-width: 899px)';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is narrow now (false on the server and while hydrating, like the server's HTML). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(NARROW_SCREEN).matches, () => false);
}
