/**
 * Where a paged list ends, as its HTML says: a hidden anchor right after the list's container
 * (PagedView), marked while the list has more to load. The list's last item is watched, to load
 * the next page as it shows (PagedView, once hydrated) and, before that, to hydrate the list's
 * island in time for it (hydrate-on-intent.ts): one rule for both (listEndReached).
 */
export const LIST_CONTINUES = 'data-list-continues';

/** The list's last item: the last child of the container before `anchor`, or the container itself. */
export function lastItemBefore(anchor: Element): Element | null {
  const items = anchor.previousElementSibling;
  return items?.lastElementChild ?? items;
}

/** What of an IntersectionObserver's entry the rule reads. */
export type ListEndSighting = Pick<IntersectionObserverEntry, 'isIntersecting' | 'boundingClientRect' | 'rootBounds'>;

/**
 * Whether a list's last item, as its observer sees it, calls for what comes after it: it shows
 * (SPEC §4: "when the last item becomes visible"; above the screen counts, watchListEnds's
 * SCREEN_AND_ABOVE), or it is already above the screen where the observer's screen cannot be
 * grown (a frame of another origin). Above the screen is a list whose end was passed before
 * anyone watched it: a phone's flick to the page's
 * bottom as its first input went past the last row before the island hydrated, and an observer
 * that starts then hears only that the row does not show, and never more (the list stayed at its
 * first page under the footer). Each sighting is one trigger: the next page's new last item is
 * watched anew. A hidden item (no box) is neither.
 */
export function listEndReached({ isIntersecting, boundingClientRect: item, rootBounds }: ListEndSighting): boolean {
  if (isIntersecting) return true;
  if (item.width === 0 && item.height === 0) return false;
  return item.bottom <= (rootBounds?.top ?? 0);
}

/**
 * The screen as the watch sees it: grown upward past any page's top, so an item above the screen
 * counts as showing. An observer tells only changes between showing and not: a jump in one
 * frame from below the screen to above it (a scroll with no touch, a screen reader's; the phone's
 * footer is taller than the screen) changed nothing at the screen's own bounds, and the list
 * stayed at its first page.
 */
const SCREEN_AND_ABOVE = '100000px 0px 0px 0px';

/**
 * Watches `items` (lists' last items) and calls `reached` when one of them calls for its next
 * page (listEndReached), as it starts watching or later. Returns the way to stop.
 */
export function watchListEnds(items: readonly Element[], reached: () => void): () => void {
  if (items.length === 0 || typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some(listEndReached)) reached();
    },
    { rootMargin: SCREEN_AND_ABOVE },
  );
  items.forEach((item) => observer.observe(item));
  return () => observer.disconnect();
}
