import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useNarrowScreen } from '../../components/use-media-query';
import { SearchBox } from '../shell/SearchBox';

/**
 * SPEC §2: the search page's own search box on narrow screens (below md, 900px: the
 * shell has no top bar there), sticky under the top bar. Rendered only there, so a wide
 * page holds one search box, the top bar's.
 */
function StickySearchBoxView() {
  return useNarrowScreen() ? <SearchBox /> : null;
}

export const StickySearchBox = withErrorBoundary(StickySearchBoxView, { compact: true });
