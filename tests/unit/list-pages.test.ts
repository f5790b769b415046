import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../src/api/list-pages';

// The provider's contains check, as both sides reach it (the server's flags, the browser's reaction).
const checkInLibrary = vi.fn(async (_kind: string, ids: readonly string[]) => ids.map((id) => id.endsWith('1')));
vi.mock('../../src/api/library', async (original) => ({ ...(await original<object>()), checkInLibrary }));

const { loadListPage } = await import('../../src/server/page-data');
const { listPageArea } = await import('../../src/stores/list-area');
const { $inLibrary } = await import('../../src/stores/library');
const { syncRoute } = await import('../../src/stores/route');

interface Item {
  id: string;
}

/** A list of 100 items whose pages say where they start: a page size other than the usual 20, so a size written down anywhere else shows. */
function recordedList(library?: ListPage<Item>['library']): ListPage<Item> & { asked: [number, number][] } {
  const asked: [number, number][] = [];
  return {
    asked,
    limit: 7,
    library,
    load: async (offset, limit) => {
      asked.push([offset, limit]);
      return { items: Array.from({ length: limit }, (_, index) => ({ id: `i${offset + index}` })), offset, limit, total: 100 };
    },
  };
}

describe('a page of one list, served by one definition on both sides', () => {
  beforeEach(() => {
    checkInLibrary.mockClear();
    for (const flags of Object.values($inLibrary)) flags.set({});
    syncRoute('/');
  });

  it("continues in the browser where the server's first page ended, pages of the same size", async () => {
    const list = recordedList();
    const seed = await loadListPage(list);
    expect(list.asked).toEqual([[0, 7]]);
    const { list: shown, area } = listPageArea(list, ['newRelease']);
    syncRoute('/album/new-release');
    area.adopt(seed);
    const stop = shown.$state.listen(() => undefined);
    expect(shown.$state.get().list).toHaveLength(7);
    await shown.loadNextPage();
    expect(list.asked).toEqual([[0, 7], [7, 7]]);
    expect(shown.$state.get().list.map(({ id }) => id)).toEqual(Array.from({ length: 14 }, (_, index) => `i${index}`));
    stop();
  });

  it("shows as many pages as its address asks (JavaScript off), and the browser's list goes on after them, both stopping at SPEC's cap", async () => {
    const list = recordedList();
    const seed = await loadListPage(list, new URL('http://site/album/new-release?pages=3'));
    expect(list.asked).toEqual([[0, 7], [7, 7], [14, 7]]);
    const { list: shown, area } = listPageArea(list, ['newRelease']);
    syncRoute('/album/new-release');
    area.adopt(seed);
    const stop = shown.$state.listen(() => undefined);
    expect(shown.$state.get().list).toHaveLength(21);
    await shown.loadNextPage();
    expect(list.asked.at(-1)).toEqual([21, 7]);
    expect(shown.$state.get().list.map(({ id }) => id)).toEqual(Array.from({ length: 28 }, (_, index) => `i${index}`));
    stop();
    // However many it asks, no page past the cap (the page at 77 is the last of 7 a page): as many as the browser's list would show.
    const most = recordedList();
    const whole = await loadListPage(most, new URL('http://site/album/new-release?pages=999'));
    expect(most.asked.map(([offset]) => offset)).toEqual([0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77]);
    expect(whole.page && typeof whole.page === 'object' ? whole.page.items : []).toHaveLength(84);
  });

  it('knows a held list is in the library without asking the provider, on either side', async () => {
    const list = recordedList({ kind: 'album', idOf: ({ id }) => id, held: true });
    const seed = await loadListPage(list);
    expect(seed.flags?.album).toEqual(Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`i${index}`, true])));
    const { list: shown, area } = listPageArea(list, ['collectionAlbums']);
    syncRoute('/collection/albums');
    area.adopt(seed);
    const stop = shown.$state.listen(() => undefined);
    await shown.loadNextPage();
    expect($inLibrary.album.get().i13).toBe(true);
    expect(checkInLibrary).not.toHaveBeenCalled();
    stop();
  });

  it('asks the provider about what an asked list shows: the first page on the server, each next page in the browser', async () => {
    const list = recordedList({ kind: 'artist', idOf: ({ id }) => id });
    const seed = await loadListPage(list);
    expect(checkInLibrary).toHaveBeenCalledWith('artist', ['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6']);
    expect(seed.flags?.artist).toMatchObject({ i0: false, i1: true });
    const { list: shown, area } = listPageArea(list, ['myTopArtists']);
    syncRoute('/user/me/top-artists');
    area.adopt(seed);
    const stop = shown.$state.listen(() => undefined);
    await shown.loadNextPage();
    // The browser asks only about the new page: the server's answers came with the seed.
    await vi.waitFor(() => expect(checkInLibrary).toHaveBeenLastCalledWith('artist', ['i7', 'i8', 'i9', 'i10', 'i11', 'i12', 'i13']));
    expect(checkInLibrary).toHaveBeenCalledTimes(2);
    expect($inLibrary.artist.get()).toMatchObject({ i1: true, i11: true, i12: false });
    stop();
  });
});
