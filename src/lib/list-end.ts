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
 * (SPEC §4: "when the last item becomes visible"), or it is already above the screen. The second
 * is a list whose end was passed before anyone watched it: a phone's flick to the page's
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
 * Watches `items` (lists' last items) and calls `reached` when one of them calls for its next
 * page (listEndReached), as it starts watching or later. Returns the way to stop.
 */
export function watchListEnds(items: readonly Element[], reached: () => void, options?: IntersectionObserverInit): () => void {
  if (items.length === 0 || typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some(listEndReached)) reached();
  }, options);
  items.forEach((item) => observer.observe(item));
  return () => observer.disconnect();
}
