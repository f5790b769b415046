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

/**
 * Where the last of several pages shown at once begins (`pagesFromStart`): its number (2 for
 * `?pages=2`) and the index of its first item in the joined list, which can differ from its offset
 * (a playlist drops entries with no name, SPEC §4; the provider may answer smaller pages).
 */
export interface PageStart {
  page: number;
  index: number;
}

/** A page of a list, as the provider answered it (`Page` in src/api/types.ts). */
export interface ListPageOf<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
  /** Pages joined by `pagesFromStart`: where the last of them begins, for Show more to land on (`pageStartId`). */
  lastPageStart?: PageStart;
}

/**
 * The id the server gives the first item of a list's page `page` when the address shows several
 * (`?pages=`): the fragment of Show more's link (`morePagesHref`), so the browser opens the
 * longer page where the new items begin, not at its top, past everything already read. One list
 * of a page has Show more, so the id is the page's own.
 */
export function pageStartId(page: number): string {
  return `list-page-${page}`;
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
  let lastPageStart: PageStart | undefined;
  for (let shown = 1; shown < pages && hasMoreAfter(last, next - last, total) && mayLoadAt(next); shown++) {
    let page: ListPageOf<T>;
    try {
      page = await load(next, limit);
    } catch {
      break;
    }
    // A page that came with nothing to show (every entry dropped) has no first item to land on.
    lastPageStart = page.items.length > 0 ? { page: shown + 1, index: items.length } : undefined;
    items.push(...page.items);
    total = page.total;
    last = next;
    next += page.limit > 0 ? page.limit : limit;
  }
  return { items, offset: 0, limit: next, total, ...(lastPageStart ? { lastPageStart } : {}) };
}

/**
 * The address that shows one more page of the list than `url` does (its other parameters kept),
 * or null when the browser's list would load no more after `shown` (what `pagesFromStart` gave
 * for that address). Its fragment names the new page's first item (`pageStartId`): the browser
 * scrolls to where the reader left off.
 */
export function morePagesHref(url: URL, shown: Pick<ListPageOf<unknown>, 'offset' | 'limit' | 'total'>): string | null {
  const next = shown.offset + shown.limit;
  if (!(shown.total > next && mayLoadAt(next))) return null;
  const more = new URL(url);
  const pages = shownPagesOf(url) + 1;
  more.searchParams.set(SHOWN_PAGES_PARAM, String(pages));
  return `${more.pathname}${more.search}#${pageStartId(pages)}`;
}
