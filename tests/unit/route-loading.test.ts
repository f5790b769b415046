// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import { getAlbumTracks } from '../../src/api/albums';
import { $album, albumArea, albumTracks } from '../../src/stores/album';
import { $search } from '../../src/stores/search';
import { $inLibrary } from '../../src/stores/library';
import { listPageAreas } from '../../src/stores/list-pages';
import { syncRoute } from '../../src/stores/route';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

const { list: savedTracksList } = listPageAreas.likedSongs;

let running: RunningSandbox;

beforeAll(async () => {
  ({ running } = await startSignedIn());
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

afterEach(async () => {
  await clearFaults(running.url);
});

describe('areas start from the server or load themselves from the route while shown (no fetching in islands)', () => {
  it('the album area adopts what the server rendered, asks nothing for it, and pages on from there', async () => {
    const [album] = (await search('a', ['album'])).albums.items;
    // The server's seed, as src/server/pages/album.ts makes it (here a first page of 5).
    const first = await getAlbumTracks(album!.id, 0, 5);
    // From here on the sandbox counts every request for an album or its tracks (a fault that lets them through).
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/albums/' } });
    albumArea.adopt({ id: album!.id, background: '#123456', data: album!, failure: null, lists: { tracks: first }, flags: { album: { [album!.id]: true }, track: { [first.items[0]!.id]: true } } });
    syncRoute(`/album/${album!.id}`);
    const stop = $album.listen(() => undefined);
    expect($album.get()).toMatchObject({ id: album!.id, loading: false, background: '#123456' });
    expect(albumTracks.$state.get()).toMatchObject({ offset: 5, loaded: true, loading: false });
    expect($inLibrary.album.get()[album!.id]).toBe(true);
    expect($inLibrary.track.get()[first.items[0]!.id]).toBe(true);
    // Entering the route asked nothing: the next page is the one album request the sandbox
    // has seen, and with the test's own read below, the second.
    await albumTracks.loadNextPage();
    expect(await faultHits(running.url)).toEqual([1]);
    expect(albumTracks.$state.get().list.map((track) => track.id)).toEqual((await getAlbumTracks(album!.id, 0, 15)).items.map((track) => track.id));
    expect(await faultHits(running.url)).toEqual([2]);
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
