import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useMediaQuery } from '../../components/use-media-query';
import { SearchBox } from '../shell/SearchBox';

/** Below md (SPEC §9: 900px) the shell has no top bar, so the search page brings its own box. */
const NARROW = '(max-width: 899px)';

/**
 * SPEC §2: the search page's own search box on narrow screens, sticky under the
 * top bar. Rendered only there, so a wide page holds one search box, the top bar's.
 */
function StickySearchBoxView() {
  const narrow = useMediaQuery(NARROW);
  return narrow ? <SearchBox /> : null;
}

export const StickySearchBox = withErrorBoundary(StickySearchBoxView, { compact: true });
