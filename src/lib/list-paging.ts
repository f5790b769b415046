/**
 * SPEC §4's paging rules for a list shown a page at a time, as both sides need them: the
 * browser's lists (src/stores/paged-list.ts) load the next page as the last item shows, and a page
 * read with JavaScript off shows more pages at once at its address (`?pages=`), up to where the
 * browser's list would stop. One rule set, so the two cannot disagree on where a list ends.
 */

/** SPEC §4: has-more is forced false once the loaded page's offset reaches 80. */
const PAGING_OFFSET_CAP = 80;

/**
 * Whether a list goes on after the page at `offset` of `limit` items (the provider's own limit
 * when it answered a smaller page), of a list of `total`: more items, and that page's offset
 * under the cap.
 */
export function hasMoreAfter(offset: number, limit: number, total: number): boolean {
  return offset < PAGING_OFFSET_CAP && total > offset + limit;
}

/** Whether the page at `offset` may load: not past the cap (the page at 80 is the last). */
export function mayLoadAt(offset: number): boolean {
  return offset <= PAGING_OFFSET_CAP;
}

/** The address parameter that says how many pages of a list show at once, with JavaScript off. */
const SHOWN_PAGES_PARAM = 'pages';

/**
 * How many pages of a list the address asks to show at once (`?pages=3`): 1 without it (or with
 * no address: a list loaded for another page), or when it is not a whole number from 1. However
 * many it asks, the pages stop where the browser's list would (`pagesFromStart`): past the cap,
 * none is asked.
 */
export function shownPagesOf(url: URL | undefined): number {
  const asked = url?.searchParams.get(SHOWN_PAGES_PARAM) ?? null;
  return asked !== null && /^[1-9]\d{0,2}$/.test(asked) ? Number(asked) : 1;
}

/** A page of a list, as the provider answered it (`Page` in src/api/types.ts). */
export interface ListPageOf<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

/**
 * The first `pages` pages of a list, asked one after the other as the browser's list asks them
 * (the first of `firstLimit` items where the list's first page is its own size, the album's 20
 * tracks; each next one from where the one before ended, by the provider's own limit; none past
 * the cap), as one page from offset 0 whose limit spans them: the browser's list goes on from
 * its end. The first page's failure is the list's; a later one's ends the pages there (what came
 * shows, and the next page is asked again from there).
 */
export async function pagesFromStart<T>(
  load: (offset: number, limit: number) => Promise<ListPageOf<T>>,
  limit: number,
  pages: number,
  firstLimit = limit,
): Promise<ListPageOf<T>> {
  const first = await load(0, firstLimit);
  const items = [...first.items];
  let { total } = first;
  let last = 0;
  let next = first.limit > 0 ? first.limit : firstLimit;
  for (let shown = 1; shown < pages && hasMoreAfter(last, next - last, total) && mayLoadAt(next); shown++) {
    let page: ListPageOf<T>;
    try {
      page = await load(next, limit);
    } catch {
      break;
    }
    items.push(...page.items);
    total = page.total;
    last = next;
    next += page.limit > 0 ? page.limit : limit;
  }
  return { items, offset: 0, limit: next, total };
}

/**
 * The address that shows one more page of the list than `url` does (its other parameters kept),
 * or null when the browser's list would load no more after `shown` (what `pagesFromStart` gave
 * for that address).
 */
export function morePagesHref(url: URL, shown: Pick<ListPageOf<unknown>, 'offset' | 'limit' | 'total'>): string | null {
  const next = shown.offset + shown.limit;
  if (!(shown.total > next && mayLoadAt(next))) return null;
  const more = new URL(url);
  more.searchParams.set(SHOWN_PAGES_PARAM, String(shownPagesOf(url) + 1));
  return `${more.pathname}${more.search}`;
}
