import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../src/api/types';
import { createDetailArea } from '../../src/stores/detail-area';
import { listArea } from '../../src/stores/list-area';
import { createPagedList } from '../../src/stores/paged-list';
import { $pageAsOf, notePageTraversed, showsMoreThanItsHtml } from '../../src/stores/page-memory';
import { syncRoute } from '../../src/stores/route';

// Back or Forward to a page whose lists the user had scrolled on: they come back whole, over the
// first page the page's HTML (kept, or asked again) holds (area-memory.ts `heldOverPage`), for a
// list page and for a detail page's list alike; and such a page is one whose islands hydrate as it
// comes (`showsMoreThanItsHtml`), so the rows show whole at once, not the first page until the user acts.

const page = <T>(items: T[], offset: number, limit: number, total: number): Page<T> => ({ items, offset, limit, total });
const numbers = (offset: number, count: number) => Array.from({ length: count }, (_v, index) => offset + index);

afterEach(() => {
  notePageTraversed(false);
  vi.unstubAllGlobals();
});

describe('a list page left with later pages loaded', () => {
  // Each test's list its own route: every list area made in this file is asked, for the life of the file.
  const setup = async (path = '/collection/tracks') => {
    const list = createPagedList(async (offset: number, limit: number) => page(numbers(offset, limit), offset, limit, 110), 20);
    const area = listArea(list, [path === '/collection/tracks' ? 'collectionTracks' : 'mySavedTracks']);
    const seed = { page: page(numbers(0, 20), 0, 20, 110), failure: null };
    // The new page's island still to hydrate: entering the route waits for its adopt.
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '#content astro-island[ssr]' ? {} : null) });
    const stop = list.$state.listen(() => undefined);
    $pageAsOf.set(Date.now() - 60_000);
    syncRoute(path);
    area.adopt(seed);
    return { list, area, seed, stop };
  };

  it('is a page that shows more than its HTML on Back, whose list shows every row loaded', async () => {
    const { list, area, seed, stop } = await setup();
    try {
      await list.loadNextPage();
      syncRoute('/album/a1');
      // Back, as the shell's script asks it before the swap, then the island's adopt.
      notePageTraversed(true);
      expect(showsMoreThanItsHtml('http://localhost/collection/tracks')).toBe(true);
      expect(showsMoreThanItsHtml('/collection/albums')).toBe(false);
      syncRoute('/collection/tracks');
      area.adopt(seed);
      expect(list.$state.get().list).toHaveLength(40);
    } finally {
      stop();
    }
  });

  it('is not, with its first page only, on a new visit asked since, or once its data changed', async () => {
    const first = await setup('/user/me/saved-tracks');
    try {
      syncRoute('/album/a1');
      notePageTraversed(true);
      // Nothing more than the HTML: its islands wait for the user as any page's do.
      expect(showsMoreThanItsHtml('/user/me/saved-tracks')).toBe(false);
      syncRoute('/user/me/saved-tracks');
      first.area.adopt(first.seed);
      await first.list.loadNextPage();
      syncRoute('/album/a1');
      expect(showsMoreThanItsHtml('/user/me/saved-tracks')).toBe(true);
      notePageTraversed(false);
      $pageAsOf.set(Date.now() + 1);
      expect(showsMoreThanItsHtml('/user/me/saved-tracks')).toBe(false);
      notePageTraversed(true);
      first.area.forget();
      expect(showsMoreThanItsHtml('/user/me/saved-tracks')).toBe(false);
    } finally {
      first.stop();
    }
  });
});

describe("a detail page's list left with later pages loaded (a playlist's tracks, an artist's albums)", () => {
  const makeArea = () => {
    const area = createDetailArea<{ id: string }, Record<string, never>, { tracks: number }>({
      load: async (id) => ({ id }),
      lists: { tracks: { limit: 10, load: async (_id, offset, limit) => page(numbers(offset, limit), offset, limit, 100) } },
    });
    area.bindRoutes(['playlist'], 'playlistId');
    const seed = { id: 'p1', background: '#123456', data: { id: 'p1' }, failure: null, lists: { tracks: page(numbers(0, 10), 0, 10, 100) } };
    return { area, seed };
  };

  /** The area's page seen, its list scrolled to 30 rows (`pages` of 10), then left for another page: the area remembers what it held. */
  const leftWithPages = async (pages: number) => {
    const made = makeArea();
    $pageAsOf.set(Date.now() - 60_000);
    made.area.adopt(made.seed);
    for (let page = 1; page < pages; page += 1) await made.area.lists.tracks.loadNextPage();
    expect(made.area.lists.tracks.$state.get().list).toHaveLength(pages * 10);
    made.area.reset();
    return made;
  };

  it('is a page that shows more than its HTML on Back, its HTML holding the first page', async () => {
    await leftWithPages(3);
    notePageTraversed(true);
    expect(showsMoreThanItsHtml('/playlist/p1')).toBe(true);
    expect(showsMoreThanItsHtml('/playlist/p2')).toBe(false);
  });

  it('comes back on Back with every page loaded, not its first page only', async () => {
    const { area, seed } = await leftWithPages(3);
    notePageTraversed(true);
    area.adopt(seed);
    expect(area.lists.tracks.$state.get()).toMatchObject({ list: numbers(0, 30), offset: 30, hasMore: true, loading: false });
    // And goes on from there.
    await area.lists.tracks.loadNextPage();
    expect(area.lists.tracks.$state.get().list).toHaveLength(40);
  });

  it("shows the seed's first page on a new visit to a page asked since leaving", async () => {
    const { area, seed } = await leftWithPages(2);
    notePageTraversed(false);
    $pageAsOf.set(Date.now() + 1);
    expect(showsMoreThanItsHtml('/playlist/p1')).toBe(false);
    area.adopt(seed);
    expect(area.lists.tracks.$state.get().list).toHaveLength(10);
  });
});
