// @vitest-environment node
// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import { $album } from '../../src/stores/album';
import { $search } from '../../src/stores/search';
import { savedTracksList } from '../../src/stores/library';
import { syncRoute } from '../../src/stores/route';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

let running: RunningSandbox;

beforeAll(async () => {
  ({ running } = await startSignedIn());
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe('areas load themselves from the route while shown (no fetching in islands)', () => {
  it('the album area loads on /album/{id}, follows a new id and resets when the route is left', async () => {
    const [first, second] = (await search('a', ['album'])).albums.items;
    syncRoute(`/album/${first!.id}`);
    const stop = $album.listen(() => undefined);
    await vi.waitFor(() => expect($album.get().data?.id).toBe(first!.id));
    syncRoute(`/album/${second!.id}`);
    await vi.waitFor(() => expect($album.get().data?.id).toBe(second!.id));
    syncRoute('/collection');
    expect($album.get().data).toBeNull();
    stop();
  });

  it('/search?q runs the search and leaving search clears it; a library list loads on its page', async () => {
    syncRoute('/search?q=love');
    const stopSearch = $search.listen(() => undefined);
    await vi.waitFor(() => expect($search.get().results).not.toBeNull());
    expect($search.get().query).toBe('love');
    syncRoute('/collection/tracks');
    expect($search.get().results).toBeNull();
    const stopList = savedTracksList.$state.listen(() => undefined);
    await vi.waitFor(() => expect(savedTracksList.$state.get().list.length).toBeGreaterThan(0));
    stopSearch();
    stopList();
  });
});
