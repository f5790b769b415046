import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailPage } from '../../src/api/page-shapes';
import { ApiError } from '../../src/api/errors';
import type { Page } from '../../src/api/types';

// The provider's contains check, as both sides reach it (the server's flags, the browser's reaction).
const checkInLibrary = vi.fn(async (_kind: string, ids: readonly string[]) => ids.map((id) => id.endsWith('1')));
vi.mock('../../src/api/library', async (original) => ({ ...(await original<object>()), checkInLibrary }));

const { startDetailPage, loadDetailPage } = await import('../../src/server/page-data');
const { createDetailArea } = await import('../../src/stores/detail-area');
const { $inLibrary } = await import('../../src/stores/library');

interface Thing {
  id: string;
  name: string;
}
interface Item {
  id: string;
  /** What the entity adds to a list's item (as an album adds itself to its tracks). */
  of?: string;
}

const items = (prefix: string, offset: number, count: number): Item[] => Array.from({ length: count }, (_, index) => ({ id: `${prefix}${offset + index}` }));

/**
 * A detail page whose calls are recorded: its own flag, a section whose flags are asked, one
 * held by definition, and a list whose first page (6) differs from the next ones (4), sizes no
 * other page has, so a size written down anywhere else shows.
 */
function recordedPage() {
  const asked: string[] = [];
  const page: DetailPage<Thing, { fans: Item; followed: Item }, { tracks: Item }> = {
    load: async (id) => (asked.push(`entity ${id}`), { id, name: `Thing ${id}` }),
    library: 'album',
    sections: {
      fans: { load: async (id) => (asked.push(`fans ${id}`), items('f', 0, 3)), library: { kind: 'artist', idOf: ({ id }) => id } },
      followed: { load: async () => (asked.push('followed'), items('w', 0, 2)), library: { kind: 'artist', idOf: ({ id }) => id, held: true } },
    },
    lists: {
      tracks: {
        load: async (id, offset, limit): Promise<Page<Item>> => (asked.push(`tracks ${id} ${offset}/${limit}`), { items: items('t', offset, limit), offset, limit, total: 40 }),
        limit: 4,
        firstLimit: 6,
        ofEntity: (shown, thing) => ({ ...shown, items: shown.items.map((item) => ({ ...item, of: thing.name })) }),
        library: { kind: 'track', idOf: ({ id }) => id },
      },
    },
  };
  return { page, asked };
}

describe('a detail page, served by one definition on both sides', () => {
  beforeEach(() => {
    checkInLibrary.mockClear();
    for (const flags of Object.values($inLibrary)) flags.set({});
  });

  it('renders on the server with every call at once: the head is the entity and its own flag, the whole adds the parts and their flags', async () => {
    const { page, asked } = recordedPage();
    const { head, whole } = startDetailPage(page, 'x1');
    // Every part was asked before any answer came back: side by side, not one after another.
    expect(asked.sort()).toEqual(['entity x1', 'fans x1', 'followed', 'tracks x1 0/6']);
    const first = await head;
    expect(first).toMatchObject({ id: 'x1', data: { name: 'Thing x1' }, failure: null, flags: { album: { x1: true } } });
    expect(first.sections).toBeUndefined();
    const all = await whole;
    expect(all.background).toBe(first.background);
    expect((all.sections?.fans as Item[]).map(({ id }) => id)).toEqual(['f0', 'f1', 'f2']);
    const tracks = all.lists?.tracks as Page<Item>;
    expect(tracks.items.map(({ of }) => of)).toEqual(Array(6).fill('Thing x1'));
    expect(all.flags).toEqual({
      album: { x1: true },
      artist: { f0: false, f1: true, f2: false, w0: true, w1: true },
      track: { t0: false, t1: true, t2: false, t3: false, t4: false, t5: false },
    });
    // The held section's follows were known, not asked.
    expect(checkInLibrary.mock.calls.map(([kind, ids]) => `${kind} ${ids.join(',')}`).sort()).toEqual(['album x1', 'artist f0,f1,f2', 'track t0,t1,t2,t3,t4,t5']);
  });

  it('asks only the parts a route shows', async () => {
    const { page, asked } = recordedPage();
    const seed = await loadDetailPage(page, 'x', { sections: ['fans'], lists: [], own: false });
    expect(asked.sort()).toEqual(['entity x', 'fans x']);
    expect(Object.keys(seed.sections ?? {})).toEqual(['fans']);
    expect(seed.lists).toBeUndefined();
    expect(Object.keys(seed.flags ?? {})).toEqual(['artist']);
  });

  it("renders a missing entity as its failure, with none of the parts it would have shown", async () => {
    const { page } = recordedPage();
    page.load = async () => {
      throw new ApiError('http', 'Not Found', 404);
    };
    const seed = await loadDetailPage(page, 'gone');
    expect(seed).toMatchObject({ id: 'gone', data: null, failure: 'not-found' });
    expect(seed.sections).toBeUndefined();
    expect(seed.lists).toBeUndefined();
  });

  it("continues in the browser where the server's first page ended, with the entity's part and the new items' flags", async () => {
    const { page, asked } = recordedPage();
    const seed = await loadDetailPage(page, 'x');
    const area = createDetailArea(page);
    area.adopt(seed);
    const tracks = area.lists.tracks;
    const stop = tracks.$state.listen(() => undefined);
    asked.length = 0;
    checkInLibrary.mockClear();
    await tracks.loadNextPage();
    expect(asked).toEqual(['tracks x 6/4']);
    expect(tracks.$state.get().list.map(({ id, of }) => `${id} ${of}`)).toEqual([...items('t', 0, 10)].map(({ id }) => `${id} Thing x`));
    // The browser asks only about the new page: the server's answers came with the seed.
    await vi.waitFor(() => expect(checkInLibrary).toHaveBeenCalledWith('track', ['t6', 't7', 't8', 't9']));
    expect(checkInLibrary).toHaveBeenCalledTimes(1);
    expect($inLibrary.track.get()).toMatchObject({ t1: true, t6: false });
    stop();
  });

  it('keeps the flags of sections the browser loads itself, held or asked as the page says', async () => {
    const { page } = recordedPage();
    const area = createDetailArea(page);
    const stop = area.$state.listen(() => undefined);
    await area.load('y');
    await vi.waitFor(() => expect(checkInLibrary).toHaveBeenCalledWith('artist', ['f0', 'f1', 'f2']));
    expect(checkInLibrary.mock.calls.some(([, ids]) => ids.includes('w0'))).toBe(false);
    expect($inLibrary.artist.get()).toMatchObject({ w0: true, w1: true, f1: true });
    expect(checkInLibrary).toHaveBeenCalledWith('album', ['y']);
    stop();
  });
});
