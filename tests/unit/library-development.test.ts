// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The library store's toggles and lists under SANDBOX_API_PROFILE=development (DESIGN §2:
// /me/library with URIs), through a sandbox restart, against a real sandbox: the store's rules
// here, the browser's walk in tests/e2e/library.development.spec.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInLibrary } from '../../src/api/library';
import { search } from '../../src/api/search';
import { $capabilities } from '../../src/stores/capabilities';
import { $inLibrary, checkLibrary, toggleInLibrary, toggleLikeTrack } from '../../src/stores/library';
import { listPageAreas } from '../../src/stores/list-pages';
import { $seeAll, seeAllList } from '../../src/stores/search';
import { syncRoute } from '../../src/stores/route';
import { addFault, restartSandbox, startSignedIn, type RunningSandbox } from './helpers/sandbox';
import { openSeeAll } from './helpers/see-all';

const { list: savedAlbumsList } = listPageAreas.savedAlbums;
const { list: savedTracksList } = listPageAreas.likedSongs;
const { list: followingList } = listPageAreas.following;

let running: RunningSandbox;
let visits: { path: string; replace: boolean }[];

beforeAll(async () => {
  ({ running, visits } = await startSignedIn('development'));
}, 120_000);

afterAll(() => running.stop());

describe('the library in the development profile', () => {
  it('likes, saves and follows flip the one store through /me/library and show in the lists, after a restart too', async () => {
    const found = await search('Sol', ['track', 'album', 'artist']);
    await checkLibrary('track', found.tracks.items.map((track) => track.id));
    const track = found.tracks.items.find((item) => $inLibrary.track.get()[item.id] === false)!;
    const album = found.albums.items[0]!;
    const artist = found.artists.items[0]!;
    await checkLibrary('album', [album.id]);
    await checkLibrary('artist', [artist.id]);
    await checkLibrary('user', ['free']);
    expect($capabilities.get().legacyLibrary).toBe('missing');

    expect(await toggleLikeTrack(track.id)).toBe(true);
    if (!$inLibrary.album.get()[album.id]) expect(await toggleInLibrary('album', album.id)).toBe(true);
    if (!$inLibrary.artist.get()[artist.id]) expect(await toggleInLibrary('artist', artist.id)).toBe(true);
    if (!$inLibrary.user.get()['free']) expect(await toggleInLibrary('user', 'free')).toBe(true);

    const shown = async () => {
      await Promise.all([savedTracksList.loadFirstPage(), savedAlbumsList.loadFirstPage(), followingList.loadFirstPage()]);
      expect(savedTracksList.$state.get().list.map((saved) => saved.track.id)).toContain(track.id);
      expect(savedAlbumsList.$state.get().list.map((saved) => saved.album.id)).toContain(album.id);
      expect(followingList.$state.get().list.map((followed) => followed.id)).toContain(artist.id);
      expect(await checkInLibrary('user', ['free'])).toEqual([true]);
    };
    await shown();

    running = await restartSandbox(running);
    await shown();
    expect(visits).toEqual([]);

    // Unliking takes it out again.
    expect(await toggleLikeTrack(track.id)).toBe(false);
    await savedTracksList.loadFirstPage();
    expect(savedTracksList.$state.get().list.map((saved) => saved.track.id)).not.toContain(track.id);
  });

  it('a failed toggle leaves the flag as it was', async () => {
    const { tracks } = await search('Sol', ['track']);
    const id = tracks.items[3]!.id;
    await checkLibrary('track', [id]);
    const before = $inLibrary.track.get()[id];
    await addFault(running.url, { match: { path: '^/v1/me/library$' }, status: 500, times: 2 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await toggleLikeTrack(id)).toBe(before);
    expect($inLibrary.track.get()[id]).toBe(before);
  });

  it('see-all pages by 10, and its tracks learn their hearts', async () => {
    const stop = await openSeeAll('track', 'Sol');
    const state = seeAllList.$state.get();
    expect($seeAll.get()).toEqual({ type: 'track', query: 'Sol' });
    expect(state.list).toHaveLength(10);
    expect(state.offset).toBe(10);
    await vi.waitFor(() => expect(state.list.every((item) => typeof $inLibrary.track.get()[item.id] === 'boolean')).toBe(true));
    await seeAllList.loadNextPage();
    expect(seeAllList.$state.get().list).toHaveLength(20);
    stop();
    syncRoute('/');
  });

  it('/search/{bad type}/… goes to / replacing history', () => {
    syncRoute('/search/podcast/Sol');
    const stopList = seeAllList.$state.listen(() => undefined);
    expect(visits.at(-1)).toEqual({ path: '/', replace: true });
    stopList();
    syncRoute('/');
  });
});
