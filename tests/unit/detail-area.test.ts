import { describe, expect, it, vi } from 'vitest';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../src/api/errors';
import type { Page } from '../../src/api/types';
import { createAreaMemory } from '../../src/stores/area-memory';
import { createDetailArea } from '../../src/stores/detail-area';

interface Thing {
  id: string;
  name: string;
}

const page = <T>(items: T[], offset: number, limit: number, total: number): Page<T> => ({ items, offset, limit, total });

/** A promise the test settles by hand, to order answers as a slow network would. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function makeArea(overrides: { load?: (id: string) => Promise<Thing>; related?: () => Promise<string[]> } = {}) {
  const calls: string[] = [];
  const area = createDetailArea<Thing, { related: string }, { items: number }>(
    {
      load: overrides.load ?? (async (id) => (calls.push(`load ${id}`), { id, name: `Thing ${id}` })),
      sections: { related: { load: overrides.related ?? (async () => (calls.push('related'), ['a', 'b'])) } },
      lists: {
        items: {
          limit: 10,
          firstLimit: 20,
          load: async (id, offset, limit) => page(Array.from({ length: limit }, (_v, index) => offset + index), offset, limit, 100),
          // What the entity adds to each page: here the call is recorded with the entity it was given.
          ofEntity: (shown, thing) => (calls.push(`items ${thing.id} ${thing.name} ${shown.offset}/${shown.limit}`), shown),
        },
      },
    },
    { random: () => 0.5 },
  );
  return { area, calls };
}

describe('the detail-area factory', () => {
  it('loads the entity first, then its sections and the first page of its lists, with a new background', async () => {
    const { area, calls } = makeArea();
    await area.load('x');
    expect(calls[0]).toBe('load x');
    expect(calls.slice(1).sort()).toEqual(['items x Thing x 0/20', 'related']);
    const state = area.$state.get();
    expect(state).toMatchObject({ id: 'x', loading: false, error: null, data: { name: 'Thing x' } });
    expect(state.background).not.toBe('#9759a8');
    expect(state.sections.related).toEqual({ status: 'ready', items: ['a', 'b'] });
    expect(area.lists.items.$state.get().list).toHaveLength(20);
    await area.lists.items.loadNextPage();
    expect(calls.at(-1)).toBe('items x Thing x 20/10');
  });

  it("asks one failed section again for its Try again, and nothing else", async () => {
    let fails = true;
    const { area, calls } = makeArea({ related: async () => (calls.push('related'), fails ? Promise.reject(new Error('500')) : ['c']) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await area.load('x');
    expect(area.$state.get().sections.related.status).toBe('error');
    fails = false;
    calls.length = 0;
    await area.retrySection('related');
    expect(calls).toEqual(['related']);
    expect(area.$state.get().sections.related).toEqual({ status: 'ready', items: ['c'] });
    expect(area.$state.get().data).toMatchObject({ id: 'x' });
  });

  it('resets on entry: a new load empties what the previous id showed', async () => {
    const { area } = makeArea();
    await area.load('x');
    const pending = area.load('y');
    expect(area.$state.get()).toMatchObject({ id: 'y', loading: true, data: null });
    expect(area.lists.items.$state.get().list).toEqual([]);
    await pending;
    expect(area.$state.get().data?.id).toBe('y');
  });

  it('drops an answer for an id the user already left (one stale-answer guard)', async () => {
    const slow = deferred<Thing>();
    const { area } = makeArea({ load: (id) => (id === 'old' ? slow.promise : Promise.resolve({ id, name: 'New' })) });
    const first = area.load('old');
    await area.load('new');
    slow.resolve({ id: 'old', name: 'Old' });
    await first;
    expect(area.$state.get().data).toEqual({ id: 'new', name: 'New' });
  });

  it('notes a failed section and logs it; one the provider does not offer is noted as such, unlogged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = makeArea({ related: () => Promise.reject(new ApiError('http', 'Boom', 500)) });
    await failing.area.load('x');
    expect(failing.area.$state.get().sections.related.status).toBe('error');
    expect(error).toHaveBeenCalledTimes(1);
    const missing = makeArea({ related: () => Promise.reject(new ApiError('unavailable', UNAVAILABLE_MESSAGE)) });
    await missing.area.load('x');
    expect(missing.area.$state.get().sections.related.status).toBe('unavailable');
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('keeps the error of the main load and loads nothing else; a missing capability is "unavailable"', async () => {
    const { area, calls } = makeArea({ load: () => Promise.reject(new ApiError('http', 'Album Not Found', 404)) });
    await area.load('x');
    expect(area.$state.get()).toMatchObject({ loading: false, data: null, unavailable: false });
    expect((area.$state.get().error as ApiError).status).toBe(404);
    expect(calls).toEqual([]);
    const gone = makeArea({ load: () => Promise.reject(new ApiError('unavailable', UNAVAILABLE_MESSAGE)) });
    await gone.area.load('x');
    expect(gone.area.$state.get()).toMatchObject({ unavailable: true, error: null });
  });

  it('paints a recently seen id from memory with no request, pages included', async () => {
    const { area, calls } = makeArea();
    await area.load('x');
    await area.lists.items.loadNextPage();
    const seen = area.$state.get();
    area.reset();
    expect(area.$state.get().data).toBeNull();
    await area.open('y');
    area.reset();
    const before = calls.length;
    await area.open('x');
    expect(calls.length).toBe(before);
    expect(area.$state.get()).toEqual(seen);
    expect(area.lists.items.$state.get().list).toHaveLength(30);
  });

  it('does not remember a failed load: opening it again asks the provider', async () => {
    let fail = true;
    const { area } = makeArea({
      load: async (id) => {
        if (fail) throw new ApiError('http', 'Server down', 500);
        return { id, name: 'Back' };
      },
    });
    await area.open('x');
    area.reset();
    fail = false;
    await area.open('x');
    expect(area.$state.get().data?.name).toBe('Back');
  });
});

describe('the area memory', () => {
  it('keeps the most recently used snapshots and drops the oldest', () => {
    const memory = createAreaMemory<number>(2);
    memory.remember('a', 1);
    memory.remember('b', 2);
    expect(memory.recall('a')).toBe(1);
    memory.remember('c', 3);
    expect(memory.recall('b')).toBeUndefined();
    expect(memory.recall('a')).toBe(1);
    memory.forget('a');
    expect(memory.recall('a')).toBeUndefined();
    memory.forget();
    expect(memory.recall('c')).toBeUndefined();
  });
});

describe('how a detail page failed', () => {
  it('reads a missing (404) and a malformed (400) id as not found, a gone endpoint as unavailable, the rest as an error', async () => {
    const { failureOf } = await import('../../src/stores/detail-area');
    expect(failureOf({ error: null, unavailable: false })).toBeNull();
    expect(failureOf({ error: new ApiError('http', 'Album Not Found', 404), unavailable: false })).toBe('not-found');
    expect(failureOf({ error: new ApiError('http', 'invalid id', 400), unavailable: false })).toBe('not-found');
    expect(failureOf({ error: new ApiError('http', 'Internal Server Error', 500), unavailable: false })).toBe('error');
    expect(failureOf({ error: new ApiError('offline', 'Internet Connection Problem'), unavailable: false })).toBe('error');
    expect(failureOf({ error: null, unavailable: true })).toBe('unavailable');
  });
});

describe('an area the server rendered (its seed)', () => {
  const seed = {
    id: 'x',
    background: '#123456',
    data: { id: 'x', name: 'Thing x' },
    failure: null,
    sections: { related: ['a'] },
    lists: { items: page([1, 2, 3, 4, 5], 0, 5, 12) },
  };

  it('renders on the server from a snapshot and never from its own stores', () => {
    const { area, calls } = makeArea();
    const snapshot = area.snapshotOf(seed);
    expect(snapshot.get(area.$state)).toMatchObject({ id: 'x', data: { name: 'Thing x' }, background: '#123456', sections: { related: { status: 'ready', items: ['a'] } } });
    expect(snapshot.get(area.lists.items.$state)).toMatchObject({ list: [1, 2, 3, 4, 5], offset: 5, hasMore: true, loaded: true });
    expect(area.$state.get().id).toBe('');
    expect(calls).toEqual([]);
  });

  it('adopts the seed in the browser: opening its id asks nothing, and the list pages on from the first page', async () => {
    const { area, calls } = makeArea();
    area.adopt(seed);
    await area.open('x');
    expect(calls).toEqual([]);
    expect(area.$state.get()).toMatchObject({ id: 'x', loading: false, background: '#123456' });
    await area.lists.items.loadNextPage();
    expect(calls).toEqual(['items x Thing x 5/10']);
    expect(area.lists.items.$state.get().list).toHaveLength(15);
  });

  it('opened for another id while the page swapped in has an island to hydrate, it asks nothing: that island adopts the seed', async () => {
    const { area, calls } = makeArea();
    await area.open('a');
    calls.length = 0;
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '#content astro-island[ssr]' ? {} : null) });
    try {
      await area.open('x');
      expect(calls).toEqual([]);
      // Nothing of the last id stays while the new page's island hydrates.
      expect(area.$state.get()).toMatchObject({ id: '', data: null, loading: false });
      area.adopt(seed);
      expect(area.$state.get()).toMatchObject({ id: 'x', background: '#123456' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the seed's failures as a loaded area would: not found, not offered, a section or list that failed", () => {
    const { area } = makeArea();
    area.adopt({ ...seed, data: null, failure: 'not-found', sections: {}, lists: {} });
    expect(area.$state.get().error).toMatchObject({ status: 404 });
    area.adopt({ ...seed, sections: { related: null }, lists: { items: 'unavailable' } });
    expect(area.$state.get().sections.related.status).toBe('error');
    expect(area.lists.items.$state.get().error).toMatchObject({ kind: 'unavailable' });
    area.adopt({ ...seed, sections: { related: 'unavailable' } });
    expect(area.$state.get().sections.related.status).toBe('unavailable');
  });

  it('leaves unasked what a page did not ask for, and asks it when the area is opened again from memory', async () => {
    const { area, calls } = makeArea();
    // A page that shows only the entity (as the artist's related-artists page shows no albums).
    area.adopt({ ...seed, sections: {}, lists: {} });
    expect(area.$state.get().sections.related).toEqual({ status: 'idle', items: [] });
    expect(area.lists.items.$state.get()).toMatchObject({ loaded: false, error: null, list: [] });
    await area.open('x');
    expect(calls).toEqual([]);
    // Left, then opened from memory with no page to adopt: the section and the list are asked,
    // the entity is not.
    area.reset();
    await area.open('x');
    await vi.waitFor(() => expect(area.$state.get().sections.related.status).toBe('ready'));
    expect(calls.sort()).toEqual(['items x Thing x 0/20', 'related']);
  });
});
