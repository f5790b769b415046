// A liked song past what Liked Songs loaded is no news to it: SPEC §4's cap stops the list at
// 100 rows whatever the provider holds, so an album page whose hearts name the 120th liked song
// keeps the list's memory, and Back paints its 100 rows from it (back-keeps-lists.spec.ts failed
// now and then: the album of its row 46 held a song the likes' order had put past row 100).
import { describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../src/api/list-pages';
import { adoptLibraryFlags, forgetOnChange } from '../../src/stores/library';
import { listPageArea } from '../../src/stores/list-area';
import { holdsWhole, type PagedListState } from '../../src/stores/paged-list';
import { syncRoute } from '../../src/stores/route';

interface Liked {
  id: string;
}

/** The provider's Liked Songs of `count` songs, newest first. */
function likedSongs(count: number): ListPage<Liked> & { load: ReturnType<typeof vi.fn> } {
  const all = Array.from({ length: count }, (_, at) => ({ id: `liked-${count}-${at}` }));
  const load = vi.fn(async (offset: number, limit: number) => ({ items: all.slice(offset, offset + limit), offset, limit, total: count }));
  return { load, limit: 20, library: { kind: 'track', idOf: (song: Liked) => song.id, held: true } };
}

/** Liked Songs entered, scrolled to its end (or its cap), then left for an album page naming `liked` as liked. */
async function scrolledThenAlbumNaming(count: number, liked: (ids: string[]) => string) {
  const page = likedSongs(count);
  const { list, area } = listPageArea(page, ['collectionTracks']);
  forgetOnChange('track', area);
  const stop = list.$state.listen(() => undefined);
  syncRoute('/collection/tracks');
  await vi.waitFor(() => expect(list.$state.get().loaded).toBe(true));
  while (list.$state.get().hasMore) await list.loadNextPage();
  const shown = list.$state.get().list.map((song) => song.id);
  syncRoute('/album/an-album');
  const all = (await page.load(0, count)).items.map((song: Liked) => song.id);
  page.load.mockClear();
  adoptLibraryFlags({ track: { [liked(all)]: true } });
  syncRoute('/collection/tracks');
  return { list, shown, load: page.load, stop };
}

describe('a page naming a liked song the list does not show', () => {
  it('is no news to Liked Songs stopped at the cap: the list comes back from memory, asking nothing', async () => {
    const { list, shown, load, stop } = await scrolledThenAlbumNaming(150, (all) => all[120]!);
    expect(shown).toHaveLength(100);
    expect(list.$state.get().list.map((song) => song.id)).toEqual(shown);
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it('is news to Liked Songs held whole: it asks again, for the song liked elsewhere', async () => {
    const { shown, load, stop } = await scrolledThenAlbumNaming(30, () => 'liked-elsewhere');
    expect(shown).toHaveLength(30);
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith(0, 20));
    stop();
  });
});

describe('a list holds the whole of the provider’s', () => {
  const state = (change: Partial<PagedListState<number>>): PagedListState<number> => ({ list: [], loading: false, error: null, hasMore: false, offset: 0, loaded: true, ...change });

  it('when its pages ran out before the cap', () => {
    expect(holdsWhole(state({ offset: 40 }))).toBe(true);
    expect(holdsWhole(state({ offset: 80 }))).toBe(true);
  });

  it('not when the cap stopped it, nor with more to come, nor before its first page or after a failure', () => {
    expect(holdsWhole(state({ offset: 100 }))).toBe(false);
    expect(holdsWhole(state({ offset: 40, hasMore: true }))).toBe(false);
    expect(holdsWhole(state({ loaded: false }))).toBe(false);
    expect(holdsWhole(state({ offset: 20, error: new Error('failed') }))).toBe(false);
  });
});
