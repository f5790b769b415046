import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SearchBox } from '../shell/SearchBox';

/**
 * SPEC §2: the search page's own search box on narrow screens (below md, 900px: the shell has
 * no top bar there), sticky under the top bar. The style sheet shows its strip only there, and
 * the page hydrates it there at once (`client:intent="at-once-narrow"`): a phone's first tap on a
 * box still read-only would bring no keyboard. A wide screen loads none of it until the user
 * acts: its box is the top bar's.
 * `serverQuery`: the q the server rendered, shown until the island hydrates.
 */
function StickySearchBoxView({ serverQuery = '' }: { serverQuery?: string }) {
  return <SearchBox serverQuery={serverQuery} />;
}

export const StickySearchBox = withErrorBoundary(StickySearchBoxView, { compact: true });
