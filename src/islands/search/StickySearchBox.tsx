import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SearchBox } from '../shell/SearchBox';

/** SPEC §2: the search page's own search box on narrow screens, sticky under the top bar. */
export const StickySearchBox = withErrorBoundary(SearchBox, { compact: true });
