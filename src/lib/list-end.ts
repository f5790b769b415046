/**
 * Where a paged list ends, as its HTML says: a hidden anchor right after the list's container
 * (PagedView), marked while the list has more to load. The list's last item is watched, to load
 * the next page as it shows (PagedView, once hydrated) and, before that, to hydrate the list's
 * island in time for it (hydrate-on-intent.ts): one rule for both.
 */
export const LIST_CONTINUES = 'data-list-continues';

/** The list's last item: the last child of the container before `anchor`, or the container itself. */
export function lastItemBefore(anchor: Element): Element | null {
  const items = anchor.previousElementSibling;
  return items?.lastElementChild ?? items;
}
