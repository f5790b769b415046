import { useEffect, useRef, type ReactNode } from 'react';
import { lastItemBefore, LIST_CONTINUES, watchListEnds } from '../../lib/list-end';
import { canLoadMore, listPartState, type PagedList } from '../../stores/paged-list';
import { ErrorScreen } from '../ErrorScreen';
import { useStore } from '../server-snapshot';
import { FOCUSABLE } from '../use-focus-trap';
import { ListPageStart } from './list-page-start';
import { PartBody, retryHandingFocusOn } from './PartBody';
import { LoadingWords } from './Skeletons';

/** Focuses a control, and says whether it took focus (a hidden one does not). */
function takesFocus(element: Element): boolean {
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return document.activeElement === element;
}

interface PagedViewProps<T> {
  list: PagedList<T>;
  /** The catalogue's message for an empty list ("No Saved Albums Found."); the empty-data screen's own title otherwise. */
  empty?: string;
  /** An empty list's own view in place of that message (PartBody). */
  emptyView?: ReactNode;
  /** What shows while the first page loads. */
  skeleton: ReactNode;
  /** Renders the loaded items. */
  children: (items: T[]) => ReactNode;
}

/**
 * A paged list's states (SPEC §4; one look with every loading part, PartBody): skeletons while
 * loading, the error screen, the catalogue's empty message, or the items, with the next page
 * loading when the last item comes into view, or when it is found already passed (scrolled above
 * the screen before the island hydrated). The list's own guard (canLoadMore:
 * not while loading, after an error, with no more data or past offset 80) decides
 * whether the last item is watched at all.
 *
 * The children render one container whose element children are the items (a grid
 * or a track list); the hidden anchor after it finds that container's last child, and says
 * whether the list goes on (lib/list-end.ts: the server's HTML says it too).
 */
export function PagedView<T>({ list, empty, emptyView, skeleton, children }: PagedViewProps<T>) {
  const state = useStore(list.$state);
  const anchor = useRef<HTMLSpanElement>(null);
  const watching = canLoadMore(state);

  useEffect(() => {
    const last = anchor.current && lastItemBefore(anchor.current);
    if (!last || !watching) return;
    // Marked for tests and for the search page's "scroll to the end".
    last.setAttribute('data-testid', 'load-more');
    // Its end shows, or was passed before the island hydrated (lib/list-end.ts).
    const stop = watchListEnds([last], () => void list.loadNextPage());
    return () => {
      stop();
      last.removeAttribute('data-testid');
    };
  }, [list, watching, state.list.length]);

  const retry = () => void list.retry();
  // A next page's Try again leaves with its error: focus goes on to the last item that came (its
  // first control), where the next Tab meets the items that come now, not back to the page's top.
  const retryNextPage = () => {
    const last = anchor.current && lastItemBefore(anchor.current);
    const controls = last ? [last, ...last.querySelectorAll(FOCUSABLE)].filter((element) => element.matches(FOCUSABLE)) : [];
    // The first that takes focus: a row's play button shows only under a pointer or focus.
    if (controls.some(takesFocus)) retry();
    else retryHandingFocusOn(retry);
  };
  return (
    <PartBody state={listPartState(state)} skeleton={skeleton} empty={empty} emptyView={emptyView} onRetry={retry}>
      {() => (
        <>
          {/* The list's items know which one begins the last page the server joined (Show more's landing). */}
          <ListPageStart.Provider value={state.lastPageStart}>{children(state.list)}</ListPageStart.Provider>
          <span ref={anchor} hidden {...{ [LIST_CONTINUES]: watching ? '' : undefined }} />
          {state.loading ? (
            <div className="paged-view__more" role="status" aria-label="Loading more">
              <LoadingWords words="Loading more" />
            </div>
          ) : null}
          {/* A next page that failed: what came stays, with Try again below it. */}
          {state.error ? (
            <ErrorScreen kind="something_went_wrong" compact>
              <button type="button" className="button button--ghost" data-needs-script onClick={retryNextPage}>
                Try again
              </button>
            </ErrorScreen>
          ) : null}
        </>
      )}
    </PartBody>
  );
}
