import { describe, expect, it } from 'vitest';
import { hasMoreAfter, mayLoadAt, morePagesHref, pageStartId, pagesFromStart, shownPagesOf, type ListPageOf } from '../../src/lib/list-paging';

const at = (address: string) => new URL(address, 'http://site');

/** A list of `total` numbers, answered `answered` at a time whatever is asked (the development profile's limit 10). */
function numbers(total: number, answered?: number, failAt?: number) {
  const asked: number[] = [];
  const load = async (offset: number, limit: number): Promise<ListPageOf<number>> => {
    asked.push(offset);
    if (offset === failAt) throw new Error('502');
    const size = Math.max(0, Math.min(answered ?? limit, total - offset));
    return { items: Array.from({ length: size }, (_, index) => offset + index), offset, limit: answered ?? limit, total };
  };
  return { asked, load };
}

describe("SPEC §4's paging rules, one set for the browser's lists and the server's pages", () => {
  it('a list goes on while there is more and the last page was under offset 80; the page at 80 is the last that loads', () => {
    expect(hasMoreAfter(60, 20, 100)).toBe(true);
    expect(hasMoreAfter(60, 20, 80)).toBe(false);
    expect(hasMoreAfter(80, 20, 500)).toBe(false);
    expect(mayLoadAt(80)).toBe(true);
    expect(mayLoadAt(81)).toBe(false);
  });

  it('reads ?pages= as a whole number from 1, and anything else as one page', () => {
    expect(shownPagesOf(at('/collection/tracks'))).toBe(1);
    expect(shownPagesOf(undefined)).toBe(1);
    expect(shownPagesOf(at('/collection/tracks?pages=3'))).toBe(3);
    for (const odd of ['0', '-2', '2.5', 'abc', '', '1e3', '0003', '10000', '%20', '3;drop']) expect(shownPagesOf(at(`/collection/tracks?pages=${odd}`)), odd).toBe(1);
  });

  it("asks a list's pages one after the other from offset 0, as the browser's list would, and joins them", async () => {
    const list = numbers(150);
    const shown = await pagesFromStart(list.load, 20, 3);
    expect(list.asked).toEqual([0, 20, 40]);
    expect(shown).toEqual({ items: Array.from({ length: 60 }, (_, index) => index), offset: 0, limit: 60, total: 150, lastPageStart: { page: 3, index: 40 } });
  });

  it('says where the last page begins in the joined items, for Show more to land on; one page says nothing', async () => {
    expect((await pagesFromStart(numbers(150).load, 20, 1)).lastPageStart).toBeUndefined();
    expect((await pagesFromStart(numbers(150).load, 20, 2)).lastPageStart).toEqual({ page: 2, index: 20 });
    // An album's first page of its own size: the second begins at its 21st track.
    expect((await pagesFromStart(numbers(200).load, 50, 3, 20)).lastPageStart).toEqual({ page: 3, index: 70 });
    // A list whose pages drop items (a playlist's nameless entries, SPEC §4): the index is the item's, not the offset.
    const dropping = async (offset: number, limit: number): Promise<ListPageOf<number>> => ({ items: Array.from({ length: limit - 2 }, (_, index) => offset + index), offset, limit, total: 100 });
    expect((await pagesFromStart(dropping, 10, 3)).lastPageStart).toEqual({ page: 3, index: 16 });
    // A later page that failed ends the pages: the last that came is the one landed on.
    expect((await pagesFromStart(numbers(100, undefined, 40).load, 20, 4)).lastPageStart).toEqual({ page: 2, index: 20 });
    // A page that brought nothing to show has no first item.
    const emptySecond = async (offset: number, limit: number): Promise<ListPageOf<number>> => ({ items: offset === 0 ? [1, 2] : [], offset, limit, total: 100 });
    expect((await pagesFromStart(emptySecond, 10, 2)).lastPageStart).toBeUndefined();
  });

  it('stops at the end of the list and at the cap, however many pages are asked', async () => {
    const short = numbers(45);
    expect((await pagesFromStart(short.load, 20, 9)).items).toHaveLength(45);
    expect(short.asked).toEqual([0, 20, 40]);
    const long = numbers(1000);
    expect((await pagesFromStart(long.load, 20, 999)).items).toHaveLength(100);
    expect(long.asked).toEqual([0, 20, 40, 60, 80]);
  });

  it("follows the provider's smaller pages (asks each where the last one ended)", async () => {
    const list = numbers(100, 10);
    const shown = await pagesFromStart(list.load, 20, 3);
    expect(list.asked).toEqual([0, 10, 20]);
    expect(shown.limit).toBe(30);
  });

  it("asks a first page of its own size where the list has one (an album's first 20 tracks, then pages of 50)", async () => {
    const list = numbers(200);
    const shown = await pagesFromStart(list.load, 50, 3, 20);
    expect(list.asked).toEqual([0, 20, 70]);
    expect(shown).toMatchObject({ offset: 0, limit: 120, total: 200 });
    expect(shown.items).toEqual(Array.from({ length: 120 }, (_, index) => index));
  });

  it("fails with the first page, and keeps what came when a later page fails", async () => {
    await expect(pagesFromStart(numbers(100, undefined, 0).load, 20, 3)).rejects.toThrow('502');
    const list = numbers(100, undefined, 40);
    const shown = await pagesFromStart(list.load, 20, 4);
    expect(shown.items).toHaveLength(40);
    expect(shown.limit).toBe(40);
    // The link asks again for one more page than the address asked: the failed one is asked again.
    expect(morePagesHref(at('/collection/tracks?pages=4'), shown)).toBe('/collection/tracks?pages=5#list-page-5');
  });

  it('links to one more page, keeping the address\'s other parameters, while the browser\'s list would load more, landing where the new page begins', () => {
    expect(morePagesHref(at('/search/track/love?x=1'), { offset: 0, limit: 20, total: 150 })).toBe('/search/track/love?x=1&pages=2#list-page-2');
    expect(morePagesHref(at('/collection/tracks?pages=2'), { offset: 0, limit: 40, total: 150 })).toBe('/collection/tracks?pages=3#list-page-3');
    expect(morePagesHref(at('/collection/tracks?pages=4'), { offset: 0, limit: 80, total: 150 })).toBe('/collection/tracks?pages=5#list-page-5');
    // The fragment is the id the longer page gives its new page's first item.
    expect(pageStartId(3)).toBe('list-page-3');
    // A fragment on the address it starts from is not carried on.
    expect(morePagesHref(at('/collection/tracks?pages=2#list-page-2'), { offset: 0, limit: 40, total: 150 })).toBe('/collection/tracks?pages=3#list-page-3');
    // All shown, or the cap reached (100 of 150: the browser's list stops there too).
    expect(morePagesHref(at('/collection/tracks'), { offset: 0, limit: 20, total: 20 })).toBeNull();
    expect(morePagesHref(at('/collection/tracks?pages=5'), { offset: 0, limit: 100, total: 150 })).toBeNull();
  });
});
