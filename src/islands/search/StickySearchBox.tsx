import { useSyncExternalStore } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SearchBox } from '../shell/SearchBox';

/** Below md (SPEC §9: 900px) the shell has no top bar, so the search page brings its own box. */
const NARROW = '(max-width: 899px)';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * SPEC §2: the search page's own search box on narrow screens, sticky under the
 * top bar. Rendered only there, so a wide page holds one search box, the top bar's.
 */
function StickySearchBoxView() {
  const narrow = useSyncExternalStore(subscribe, () => matchMedia(NARROW).matches, () => false);
  return narrow ? <SearchBox /> : null;
}

export const StickySearchBox = withErrorBoundary(StickySearchBoxView, { compact: true });
