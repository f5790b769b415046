// Node's own fetch: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// Reordering the playlist on screen against a real sandbox, in both profiles: the move shows at
// once, the provider gets the same order, moves are sent one after another against the version the
// one before answered, and a refusal rolls back (with the moves queued behind it) and says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPlaylistItems, createPlaylist } from '../../src/api/playlist-edits';
import { resetCapabilities } from '../../src/stores/capabilities';
import { CHANGE_REFUSED } from '../../src/stores/my-playlists';
import { $playlist, playlistArea, playlistTracks } from '../../src/stores/playlist';
import { $changesShownItems, $moveTold, hasEntryBelow, moveEntryDown, moveEntryUp, moveShownEntry } from '../../src/stores/playlist-order';
import { adoptMe } from '../../src/stores/profile';
import { $toasts } from '../../src/stores/toasts';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

describe.each(['extended', 'development'] as const)('reordering a playlist (%s profile)', (profile) => {
  let running: RunningSandbox;
  let trackIds: string[];
  let playlistId: string;

  const shown = () => playlistTracks.$state.get().list.map((entry) => entry.track.id);
  /** The provider's order, read back through its API with the store's own token. */
  const provider = async () => {
    const { getPlaylistTrackIds } = await import('../../src/api/playlist-edits');
    return getPlaylistTrackIds(playlistId);
  };
  const letters = (ids: string[]) => ids.map((id) => 'abcd'[trackIds.indexOf(id)]).join('');

  beforeAll(async () => {
    // What the other profile's run learnt of the provider does not hold here.
    resetCapabilities();
    ({ running } = await startSignedIn(profile));
    adoptMe({ id: 'guest', displayName: 'Guest', uri: 'spotify:user:guest', images: [], followers: null, email: null, product: null, country: null });
    trackIds = (running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 4").all() as { id: string }[]).map((r) => r.id);
    playlistId = (await createPlaylist('Order test')).id;
    await addPlaylistItems(playlistId, trackIds.map((id) => `spotify:track:${id}`));
  }, 120_000);
  afterAll(() => running?.stop());
  beforeEach(async () => {
    $toasts.set([]);
    // Every test starts from a b c d (the provider's other PUT form, which replaces the items).
    const put = await fetch(`${running.base}/v1/playlists/${playlistId}/items`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${running.token('guest', ['playlist-modify-public', 'playlist-modify-private'])}` },
      body: JSON.stringify({ uris: trackIds.map((id) => `spotify:track:${id}`) }),
    });
    expect(put.status).toBe(200);
    await playlistArea.load(playlistId);
    expect(letters(shown()), JSON.stringify(playlistTracks.$state.get().error)).toBe('abcd');
  });

  it('moves at once and the provider follows: up, down, a drag to the end', async () => {
    expect($changesShownItems.get()).toBe(true);
    const up = moveEntryUp(2);
    expect(letters(shown())).toBe('acbd'); // before the provider answers
    expect(await up).toBe(true);
    expect(letters(await provider())).toBe('acbd');
    expect(await moveEntryDown(0)).toBe(true);
    expect(letters(shown())).toBe('cabd');
    expect(await moveShownEntry(0, 4)).toBe(true);
    expect(letters(shown())).toBe('abdc');
    expect(letters(await provider())).toBe('abdc');
    // Loaded afresh (a reload), the page shows the provider's order.
    await playlistArea.load(playlistId);
    expect(letters(shown())).toBe('abdc');
    // Nothing to move: the first row up, the last down.
    expect(await moveEntryUp(0)).toBe(false);
    expect(await moveEntryDown(3)).toBe(false);
  });

  it('tells where the row went once the provider took the move, as the list numbers it; a refused move tells nothing', async () => {
    $moveTold.set(null);
    const up = moveEntryUp(2);
    // Not before the provider took it.
    expect($moveTold.get()).toBeNull();
    await up;
    expect($moveTold.get()).toEqual({ words: 'Moved to position 2 of 4' });
    const first = $moveTold.get();
    await moveEntryDown(1);
    expect($moveTold.get()).toEqual({ words: 'Moved to position 3 of 4' });
    await moveEntryUp(2);
    // The same words again are a new telling (a new object: the announcer says them again).
    expect($moveTold.get()).toEqual(first);
    expect($moveTold.get()).not.toBe(first);
    await moveShownEntry(0, 4);
    expect($moveTold.get()).toEqual({ words: 'Moved to position 4 of 4' });
    const told = $moveTold.get();
    await addFault(running.base, { match: { method: 'PUT', path: '/items$' }, status: 403, times: 1 });
    expect(await moveEntryUp(1)).toBe(false);
    expect($moveTold.get()).toBe(told);
  });

  it("moves the last row shown of a longer playlist down: the next page loads first, and the row changes places with that page's first", async () => {
    // As if the first page had held two rows of the four.
    const state = playlistTracks.$state.get();
    playlistTracks.$state.set({ ...state, list: state.list.slice(0, 2), hasMore: true, offset: 2 });
    expect(hasEntryBelow(playlistTracks.$state.get(), 1)).toBe(true);
    // The row coming into view has started that page already: the move waits for it.
    const nextPage = playlistTracks.loadNextPage();
    expect(playlistTracks.$state.get().loading).toBe(true);
    expect(await moveEntryDown(1)).toBe(true);
    await nextPage;
    expect(letters(shown())).toBe('acbd');
    expect(letters(await provider())).toBe('acbd');
    // The playlist's last row has none below it.
    expect(hasEntryBelow(playlistTracks.$state.get(), 3)).toBe(false);
  });

  it('sends quick moves one after another, each against the snapshot the one before answered', async () => {
    // The first answer comes late: a second move sent beside it would reach the provider first.
    await addFault(running.base, { match: { method: 'PUT', path: '/items$' }, delayMs: 200, times: 1 });
    const moves = [moveShownEntry(3, 0), moveShownEntry(1, 4)];
    expect(letters(shown())).toBe('dbca');
    expect(await Promise.all(moves)).toEqual([true, true]);
    expect(letters(await provider())).toBe('dbca');
    const { getPlaylist } = await import('../../src/api/playlists');
    expect($playlist.get().data!.snapshotId).toBe((await getPlaylist(playlistId)).snapshotId);
  });

  it('rolls a refused move back with the toast, and drops the moves made on top of it', async () => {
    await addFault(running.base, { match: { method: 'PUT', path: '/items$' }, status: 403, times: 1 });
    const refused = moveEntryDown(0);
    const onTop = moveEntryDown(1);
    expect(letters(shown())).toBe('bcad');
    expect(await refused).toBe(false);
    expect(await onTop).toBe(false);
    expect(letters(shown())).toBe('abcd');
    expect(letters(await provider())).toBe('abcd');
    expect($toasts.get().map((toast) => toast.message)).toContain(CHANGE_REFUSED);
    // The next move goes through again.
    expect(await moveEntryDown(0)).toBe(true);
  });
});
