import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SearchBox } from '../shell/SearchBox';

/**
 * SPEC §2: the search page's own search box on narrow screens (below md, 900px: the shell has
 * no top bar there), sticky under the top bar. The style sheet shows its strip only there. It
 * hydrates when the user acts, like any island: the server's box takes typing already, so a
 * phone's first tap brings the keyboard, and the letters typed meanwhile are kept (SearchBox).
 * `serverQuery`: the q the server rendered, shown until the island hydrates.
 */
function StickySearchBoxView({ serverQuery = '' }: { serverQuery?: string }) {
  return <SearchBox serverQuery={serverQuery} />;
}

export const StickySearchBox = withErrorBoundary(StickySearchBoxView, { compact: true });
