import { describe, expect, it } from 'vitest';
import { ApiError, CANCELED_MESSAGE } from '../../src/api/errors';
import type { Page } from '../../src/api/types';
import { canLoadMore, createPagedList, isListNotFound, type PagedListState } from '../../src/stores/paged-list';

/** A provider list of `total` numbered items, recording the offsets asked for. */
function numbers(total: number) {
  const asked: { offset: number; limit: number }[] = [];
  const load = async (offset: number, limit: number): Promise<Page<number>> => {
    asked.push({ offset, limit });
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index);
    return { items, offset, limit, total };
  };
  return { asked, load };
}

/** A list over `numbers(total)` whose provider fails (a 500) while `failing.now` is true. */
function failingWhenTold(total: number) {
  const provider = numbers(total);
  const failing = { now: false };
  const list = createPagedList(async (offset, limit) => {
    if (failing.now) throw new ApiError('http', 'boom', 500);
    return provider.load(offset, limit);
  }, 20);
  return { provider, failing, list };
}

describe('paged list (SPEC §4)', () => {
  it('offset 0 replaces, later pages append at offset + limit, has-more = total > offset + limit', async () => {
    const provider = numbers(45);
    const list = createPagedList(provider.load, 20);
    await list.loadFirstPage();
    expect(list.$state.get()).toMatchObject({ hasMore: true, offset: 20, loading: false, loaded: true });
    await list.loadNextPage();
    await list.loadNextPage();
    expect(provider.asked).toEqual([
      { offset: 0, limit: 20 },
      { offset: 20, limit: 20 },
      { offset: 40, limit: 20 },
    ]);
    expect(list.$state.get().list).toEqual(Array.from({ length: 45 }, (_, index) => index));
    expect(list.$state.get().hasMore).toBe(false);
    await list.loadNextPage();
    expect(provider.asked).toHaveLength(3);
    await list.loadFirstPage();
    expect(list.$state.get().list).toHaveLength(20);
  });

  it("a list of distinct items drops a later page's repeat of one it shows: the provider's list grew at its front meanwhile", async () => {
    // Liked Songs, 30 songs; another device likes two more while the first page shows.
    let songs = Array.from({ length: 30 }, (_, index) => `song-${index}`);
    const load = async (offset: number, limit: number): Promise<Page<string>> => ({ items: songs.slice(offset, offset + limit), offset, limit, total: songs.length });
    const distinct = createPagedList(load, 20, { distinctBy: (song) => song });
    await distinct.loadFirstPage();
    songs = ['new-1', 'new-2', ...songs];
    await distinct.loadNextPage();
    expect(distinct.$state.get().list).toEqual(Array.from({ length: 30 }, (_, index) => `song-${index}`));
    // A list whose items may repeat (a playlist's entries) keeps them all.
    songs = songs.slice(2);
    const entries = createPagedList(load, 20);
    await entries.loadFirstPage();
    songs = ['new-1', 'new-2', ...songs];
    await entries.loadNextPage();
    expect(entries.$state.get().list.filter((song) => song === 'song-18')).toHaveLength(2);
  });

  it('has-more is exactly total > offset + limit at the boundary', async () => {
    const list = createPagedList(numbers(40).load, 20);
    await list.loadFirstPage();
    expect(list.$state.get().hasMore).toBe(true);
    await list.loadNextPage();
    expect(list.$state.get().hasMore).toBe(false);
  });

  it('stops once the offset reaches 80, however long the list', async () => {
    const provider = numbers(1000);
    const list = createPagedList(provider.load, 20);
    await list.loadFirstPage();
    for (let page = 0; page < 10; page++) await list.loadNextPage();
    expect(provider.asked.map((call) => call.offset)).toEqual([0, 20, 40, 60, 80]);
    expect(list.$state.get()).toMatchObject({ hasMore: false });
    expect(list.$state.get().list).toHaveLength(100);
  });

  it('does not load while loading', async () => {
    const provider = numbers(100);
    const list = createPagedList(provider.load, 20);
    await list.loadFirstPage();
    const first = list.loadNextPage();
    const second = list.loadNextPage();
    await Promise.all([first, second]);
    expect(provider.asked.map((call) => call.offset)).toEqual([0, 20]);
  });

  it('keeps the error and loads no more after it, until the first page is loaded again', async () => {
    const { provider, failing, list } = failingWhenTold(100);
    await list.loadFirstPage();
    failing.now = true;
    await list.loadNextPage();
    expect(list.$state.get().error).toBeInstanceOf(ApiError);
    expect(list.$state.get().list).toHaveLength(20);
    failing.now = false;
    await list.loadNextPage();
    expect(provider.asked).toHaveLength(1);
    await list.loadFirstPage();
    expect(list.$state.get()).toMatchObject({ error: null, offset: 20 });
  });

  it('retry asks again for the page that failed: what came stays, and paging goes on after it', async () => {
    const { provider, failing, list } = failingWhenTold(100);
    await list.loadFirstPage();
    await list.loadNextPage();
    failing.now = true;
    await list.loadNextPage();
    expect(list.$state.get()).toMatchObject({ offset: 40 });
    expect(list.$state.get().list).toHaveLength(40);
    failing.now = false;
    await list.retry();
    expect(provider.asked.map(({ offset }) => offset)).toEqual([0, 20, 40]);
    expect(list.$state.get()).toMatchObject({ error: null, offset: 60 });
    expect(list.$state.get().list).toEqual(Array.from({ length: 60 }, (_, index) => index));
  });

  it('retry after a first page that failed asks for the first page', async () => {
    const { provider, failing, list } = failingWhenTold(30);
    failing.now = true;
    await list.loadFirstPage();
    failing.now = false;
    await list.retry();
    expect(provider.asked).toEqual([{ offset: 0, limit: 20 }]);
    expect(list.$state.get().list).toHaveLength(20);
  });

  it('follows a smaller page size answered by the provider (development mode)', async () => {
    const provider = numbers(100);
    const list = createPagedList((offset) => provider.load(offset, 10), 20);
    await list.loadFirstPage();
    await list.loadNextPage();
    expect(provider.asked.map((call) => call.offset)).toEqual([0, 10]);
  });

  it('reset empties the list and drops an answer still on its way', async () => {
    let release: (page: Page<number>) => void = () => undefined;
    const list = createPagedList(() => new Promise<Page<number>>((resolve) => (release = resolve)), 20);
    const pending = list.loadFirstPage();
    list.reset();
    release({ items: [1, 2, 3], offset: 0, limit: 20, total: 3 });
    await pending;
    expect(list.$state.get()).toEqual({ list: [], loading: false, error: null, hasMore: true, offset: 0, loaded: false });
  });

  it('a cancelled load leaves no error behind', async () => {
    const list = createPagedList(() => Promise.reject(new ApiError('canceled', CANCELED_MESSAGE)), 20);
    await list.loadFirstPage();
    expect(list.$state.get().error).toBeNull();
  });
});

describe('canLoadMore: the one guard of the next page (SPEC §4)', () => {
  const ready: PagedListState<number> = { list: [1], loading: false, error: null, hasMore: true, offset: 20, loaded: true };

  it('allows the next page only after a first one, with more data, nothing loading and no error', () => {
    expect(canLoadMore(ready)).toBe(true);
    expect(canLoadMore({ ...ready, loaded: false })).toBe(false);
    expect(canLoadMore({ ...ready, loading: true })).toBe(false);
    expect(canLoadMore({ ...ready, error: new ApiError('http', 'boom', 500) })).toBe(false);
    expect(canLoadMore({ ...ready, hasMore: false })).toBe(false);
  });

  it('allows the page at offset 80 and none past it, even if a kept state claims more', async () => {
    expect(canLoadMore({ ...ready, offset: 80 })).toBe(true);
    expect(canLoadMore({ ...ready, offset: 81 })).toBe(false);
    const provider = numbers(1000);
    const list = createPagedList(provider.load, 20);
    list.restore({ ...ready, offset: 100 });
    await list.loadNextPage();
    expect(provider.asked).toEqual([]);
  });
});

describe('isListNotFound', () => {
  it('reads an unknown (404) or malformed (400) id as not found, and nothing else', () => {
    expect(isListNotFound(new ApiError('http', 'Not found', 404))).toBe(true);
    expect(isListNotFound(new ApiError('http', 'Invalid category id', 400))).toBe(true);
    expect(isListNotFound(new ApiError('http', 'boom', 500))).toBe(false);
    expect(isListNotFound(new ApiError('canceled', CANCELED_MESSAGE))).toBe(false);
    expect(isListNotFound(null)).toBe(false);
  });
});
