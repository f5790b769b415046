import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { rememberedWins } from '../../src/stores/area-memory';
import { listArea } from '../../src/stores/list-area';
import { createPagedList } from '../../src/stores/paged-list';
import { $pageAsOf, keepPage, keptPage, notePageTraversed } from '../../src/stores/page-memory';
import { syncRoute } from '../../src/stores/route';

describe('a list tied to its routes', () => {
  it('paints from memory on return, but not after its data changed, even during the visit', async () => {
    let version = 1;
    const load = vi.fn(async () => ({ items: [`v${version}`], offset: 0, limit: 20, total: 1 }));
    const list = createPagedList(load, 20);
    const { forget } = listArea(list, ['collectionTracks']);
    syncRoute('/collection/tracks');
    const stop = list.$state.listen(() => undefined);
    await vi.waitFor(() => expect(list.$state.get().list).toEqual(['v1']));

    syncRoute('/collection');
    syncRoute('/collection/tracks');
    expect(list.$state.get().list).toEqual(['v1']);
    expect(load).toHaveBeenCalledTimes(1);

    // A like while the page is shown: leaving must not keep the stale list.
    version = 2;
    forget();
    syncRoute('/collection');
    syncRoute('/collection/tracks');
    await vi.waitFor(() => expect(list.$state.get().list).toEqual(['v2']));
    expect(load).toHaveBeenCalledTimes(2);

    // And the next visit after that is remembered again.
    syncRoute('/collection');
    syncRoute('/collection/tracks');
    expect(list.$state.get().list).toEqual(['v2']);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
  });

  it("forgets, once its data changed, the client router's kept pages of its routes: back asks the site, other pages stay", async () => {
    const list = createPagedList(async () => ({ items: ['a'], offset: 0, limit: 20, total: 1 }), 20);
    const { forget } = listArea(list, ['collectionTracks', 'mySavedTracks']);
    keepPage('/collection/tracks', '<p>Liked Songs, before the like</p>');
    keepPage('/user/me/saved-tracks', '<p>Liked Songs, before the like</p>');
    keepPage('/collection', '<p>Your Library</p>');
    keepPage('/album/%%%', '<p>A malformed address</p>');
    forget();
    expect(await keptPage('/collection/tracks', true)).toBeNull();
    expect(await keptPage('/user/me/saved-tracks', true)).toBeNull();
    expect(await keptPage('/collection', true)).toBe('<p>Your Library</p>');
    expect(await keptPage('/album/%%%', true)).toBe('<p>A malformed address</p>');
  });

  it('keeps a first page on its way when its islands remount on the same route', async () => {
    vi.useFakeTimers();
    try {
      let answer: (page: { items: string[]; offset: number; limit: number; total: number }) => void = () => undefined;
      const load = vi.fn(() => new Promise<{ items: string[]; offset: number; limit: number; total: number }>((resolve) => (answer = resolve)));
      const list = createPagedList(load, 20);
      listArea(list, ['newRelease']);
      syncRoute('/album/new-release');
      let stop = list.$state.listen(() => undefined);
      expect(load).toHaveBeenCalledTimes(1);
      // The client router swaps the page's islands out and back in: every listener
      // goes, long enough for the store to unmount, then comes back.
      stop();
      await vi.advanceTimersByTimeAsync(2000);
      stop = list.$state.listen(() => undefined);
      expect(load).toHaveBeenCalledTimes(1);
      answer({ items: ['a'], offset: 0, limit: 20, total: 1 });
      await vi.waitFor(() => expect(list.$state.get().list).toEqual(['a']));
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  const page = (items: string[], total = items.length) => ({ items, offset: 0, limit: 20, total });

  it('shows what the server rendered without asking, then continues from its first page', async () => {
    const load = vi.fn(async (offset: number) => page([`o${offset}`], 40));
    const list = createPagedList(load, 20);
    const title = atom('');
    const area = listArea(list, ['popularPlaylists'], { title });
    const seed = { page: page(['s1', 's2'], 40), title: 'Editor picks', failure: null };
    // The server render reads the snapshot; the stores stay untouched there.
    const snapshot = area.snapshotOf(seed);
    expect(snapshot.get(list.$state)).toMatchObject({ list: ['s1', 's2'], loaded: true, hasMore: true, offset: 20 });
    expect(snapshot.get(title)).toBe('Editor picks');

    syncRoute('/playlist/popular');
    area.adopt(seed);
    const stop = list.$state.listen(() => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(title.get()).toBe('Editor picks');
    await list.loadNextPage();
    expect(load).toHaveBeenCalledWith(20, 20);
    expect(list.$state.get().list).toEqual(['s1', 's2', 'o20']);
    stop();
  });

  it('entered while the page swapped in still has an island to hydrate, it asks nothing: that island adopts the seed', async () => {
    const load = vi.fn(async () => page(['asked']));
    const list = createPagedList(load, 20);
    const area = listArea(list, ['collectionAlbums']);
    // A store the page being left still holds is entered as the swap announces the new route,
    // before the new page's island (its `ssr` mark still on) has hydrated.
    let islandWaiting = true;
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '#content astro-island[ssr]' && islandWaiting ? {} : null) });
    const stop = list.$state.listen(() => undefined);
    try {
      syncRoute('/collection/albums');
      expect(load).not.toHaveBeenCalled();
      area.adopt({ page: page(['seeded']), failure: null });
      expect(list.$state.get().list).toEqual(['seeded']);
      // Once the page's islands have hydrated, a route entered without a new page loads
      // (what the list held is forgotten first: a return would paint it from memory).
      islandWaiting = false;
      area.forget();
      syncRoute('/collection');
      syncRoute('/collection/albums');
      await vi.waitFor(() => expect(list.$state.get().list).toEqual(['asked']));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });

  it('an adopt that came after its route was entered does not stop the next visit from loading', async () => {
    const load = vi.fn(async () => page(['fresh']));
    const list = createPagedList(load, 20);
    const area = listArea(list, ['myTopArtists']);
    syncRoute('/user/me/top-artists');
    const stop = list.$state.listen(() => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    area.adopt({ page: page(['seeded']), failure: null });
    expect(list.$state.get().list).toEqual(['seeded']);
    area.forget();
    syncRoute('/collection');
    syncRoute('/user/me/top-artists');
    await vi.waitFor(() => expect(list.$state.get().list).toEqual(['fresh']));
    expect(load).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a list that belongs to something not there reads as not found', () => {
    const list = createPagedList(async () => page([]), 20);
    const area = listArea(list, ['categoryPlaylists']);
    const state = area.snapshotOf({ page: 'not-found', failure: 'not-found' }).get(list.$state) as { error: { status: number } };
    expect(state.error.status).toBe(404);
  });
  it('what a list held when the user left wins on Back and Forward, and over the seed of a page asked no later', () => {
    // Left after the kept page was asked: the memory holds at least what that page does.
    expect(rememberedWins(2_000, 1_000, false)).toBe(true);
    expect(rememberedWins(1_000, 1_000, false)).toBe(true);
    // A new visit's page asked after leaving (a click, one fetched ahead since) is newer.
    expect(rememberedWins(1_000, 1_001, false)).toBe(false);
    // Back or Forward with no copy kept: the site was asked, and the list shows as the user left it.
    expect(rememberedWins(1_000, 1_001, true)).toBe(true);
  });

  describe('going back to a list whose later pages were loaded', () => {
    // A kept page's seed: the server's first page of the 110 liked songs.
    const seed = { page: page(['s0', 's1'], 110), failure: null };
    const setup = async () => {
      const load = vi.fn(async (offset: number) => ({ items: [`o${offset}`], offset, limit: 20, total: 110 }));
      const list = createPagedList(load, 20);
      const area = listArea(list, ['collectionTracks']);
      let islandWaiting = true;
      vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '#content astro-island[ssr]' && islandWaiting ? {} : null) });
      const stop = list.$state.listen(() => undefined);
      // The first visit: the page as the site sent it, then two more pages as the user scrolls.
      $pageAsOf.set(Date.now() - 60_000);
      syncRoute('/collection/tracks');
      area.adopt(seed);
      islandWaiting = false;
      await list.loadNextPage();
      await list.loadNextPage();
      expect(list.$state.get().list).toEqual(['s0', 's1', 'o20', 'o40']);
      // An album opened from it: the list is left, and remembered.
      syncRoute('/album/a1');
      // Back: the router swaps in the page kept from the visit, whose island adopts its seed.
      islandWaiting = true;
      const back = (asOf: number, traversed = true) => {
        notePageTraversed(traversed);
        $pageAsOf.set(asOf);
        syncRoute('/collection/tracks');
        area.adopt(seed);
      };
      return { load, list, area, back, stop };
    };

    it('shows every page loaded before, asking nothing', async () => {
      const { load, list, back, stop } = await setup();
      try {
        back(Date.now() - 60_000);
        expect(list.$state.get()).toMatchObject({ list: ['s0', 's1', 'o20', 'o40'], offset: 60, hasMore: true, loading: false });
        expect(load).toHaveBeenCalledTimes(2);
        // And goes on from there.
        await list.loadNextPage();
        expect(load).toHaveBeenLastCalledWith(60, 20);
      } finally {
        stop();
        vi.unstubAllGlobals();
      }
    });

    it('shows the seed of a page asked after the list was left on a new visit, and what it held on Back with no copy kept', async () => {
      const { list, back, stop } = await setup();
      try {
        back(Date.now() + 1, false);
        expect(list.$state.get()).toMatchObject({ list: ['s0', 's1'], offset: 20 });
      } finally {
        stop();
        vi.unstubAllGlobals();
        notePageTraversed(false);
      }
      const again = await setup();
      try {
        // The page loaded whole was not kept (its list hydrated first): Back asked the site.
        again.back(Date.now() + 1, true);
        expect(again.list.$state.get()).toMatchObject({ list: ['s0', 's1', 'o20', 'o40'], offset: 60 });
      } finally {
        again.stop();
        vi.unstubAllGlobals();
        notePageTraversed(false);
      }
    });

    it('shows the seed once the list changed since it was left (a like): the list remembered is stale', async () => {
      const { list, area, back, stop } = await setup();
      try {
        area.forget();
        back(Date.now() - 60_000);
        expect(list.$state.get()).toMatchObject({ list: ['s0', 's1'], offset: 20 });
      } finally {
        stop();
        vi.unstubAllGlobals();
      }
    });
  });
});
