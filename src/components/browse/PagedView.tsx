import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { isListUnavailable, type PagedList } from '../../stores/paged-list';
import { ErrorScreen } from '../ErrorScreen';
import { NotAvailable } from './NotAvailable';

interface PagedViewProps<T> {
  list: PagedList<T>;
  /** The catalogue's message for an empty list ("No Saved Albums Found."); the empty-data screen's own title otherwise. */
  empty?: string;
  /** What shows while the first page loads. */
  skeleton: ReactNode;
  /** Renders the loaded items. */
  children: (items: T[]) => ReactNode;
}

/**
 * A paged list's four states (SPEC §4): skeletons while loading, the error
 * screen, the catalogue's empty message, or the items, with the next page
 * loading when the end of the list comes into view (the list's own guard keeps
 * it from loading while loading, after an error, with no more data or past 80).
 */
export function PagedView<T>({ list, empty, skeleton, children }: PagedViewProps<T>) {
  const state = useStore(list.$state);
  const end = useRef<HTMLDivElement>(null);
  const canLoadMore = state.loaded && state.hasMore && !state.error;

  useEffect(() => {
    const target = end.current;
    if (!target || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void list.loadNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [list, canLoadMore, state.list.length]);

  if (state.error && state.list.length === 0) {
    if (isListUnavailable(state.error)) return <NotAvailable />;
    return (
      <ErrorScreen kind="something_went_wrong">
        <button type="button" className="button button--ghost" onClick={() => void list.loadFirstPage()}>
          Try again
        </button>
      </ErrorScreen>
    );
  }
  if (!state.loaded) return <>{skeleton}</>;
  if (state.list.length === 0) return <ErrorScreen kind="data_not_found" title={empty} />;
  return (
    <>
      {children(state.list)}
      {canLoadMore ? <div ref={end} className="paged-view__end" data-testid="load-more" /> : null}
      {state.loading ? <div className="paged-view__more" role="status" aria-label="Loading more" /> : null}
      {state.error ? (
        <ErrorScreen kind="something_went_wrong" compact>
          <button type="button" className="button button--ghost" onClick={() => void list.loadFirstPage()}>
            Try again
          </button>
        </ErrorScreen>
      ) : null}
    </>
  );
}
