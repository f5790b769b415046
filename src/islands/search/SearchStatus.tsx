import { useEffect, useState } from 'react';
import type { SearchResults } from '../../api/types';
import { shownPage } from '../../components/shell/page-at-address';
import { useStore } from '../../components/server-snapshot';
import { $search, isEmptyResult } from '../../stores/search';

/** SPEC §5's words for a search that found nothing. */
export const NO_SEARCH_RESULT = 'No Search Result Found';

/** How long after the results show their words go in the region: one the router has just swapped in is then known to the screen reader. */
const SAY_AFTER_MS = 100;

/** What a search says once its results show: how many of each kind, or SPEC's words when none (pure). */
export function resultsSaid(query: string, results: SearchResults): string {
  if (isEmptyResult(results)) return NO_SEARCH_RESULT;
  const kinds = [
    [results.tracks.items.length, 'song'],
    [results.artists.items.length, 'artist'],
    [results.albums.items.length, 'album'],
    [results.playlists.items.length, 'playlist'],
  ] as const;
  const counts = kinds.filter(([count]) => count > 0).map(([count, kind]) => `${count} ${kind}${count === 1 ? '' : 's'}`);
  return `Results for ${query}: ${counts.join(', ')}`;
}

/**
 * A polite live region that says what a search found once its results show (WCAG 4.1.3): the
 * search box keeps the focus through Enter, and the title ("Search") and the visually hidden
 * heading are all that change otherwise. Nothing while the results are on their way (a search
 * that failed shows its own alert). Empty in the server's HTML and as it hydrates: a region whose
 * words come with it is often not read. A page the browser loaded whole is read by the screen
 * reader as it opens, so what it shows from the start is not said again.
 */
export function SearchStatus() {
  const { query, loading, error, results } = useStore($search);
  const settled = !loading && !error && results ? resultsSaid(query, results) : '';
  const [unsaid] = useState(() => (typeof window === 'undefined' || shownPage().routed ? null : settled));
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (settled === unsaid) return;
    const timer = setTimeout(() => setSaid(settled), SAY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [settled, unsaid]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-search-status>
      {said}
    </p>
  );
}
