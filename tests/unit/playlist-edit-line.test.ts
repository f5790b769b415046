// Node's own fetch: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The own playlist's edits against a real sandbox: adds, removals and moves go in one line per
// playlist, each in the positions of the list as it then stands; a refusal takes back its own edit
// alone (other edits, a rename, a page that came meanwhile stay); the kept pages of what changed
// are forgotten again once the provider answered.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPlaylistItems, createPlaylist, getPlaylistTrackIds } from '../../src/api/playlist-edits';
import type { Track } from '../../src/api/types';
import { setNavigator } from '../../src/lib/navigation';
import { resetCapabilities } from '../../src/stores/capabilities';
import { addToPlaylist, removeFromPlaylist, removePlaylist, savePlaylistDetails } from '../../src/stores/my-playlists';
import { fetchPageAhead, forgetPages, keptPage } from '../../src/stores/page-memory';
import { $playlist, playlistArea, playlistTracks } from '../../src/stores/playlist';
import { moveEntryDown, moveEntryUp } from '../../src/stores/playlist-order';
import { adoptMe } from '../../src/stores/profile';
import { $toasts } from '../../src/stores/toasts';
import { clearFaults } from '../../sandbox/tests/harness';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

// The site's answer to a page fetched ahead: what matters here is whether it is kept.
vi.mock('../../src/api/site-pages', async (original) => ({
  ...(await original<typeof import('../../src/api/site-pages')>()),
  fetchSitePage: async (href: string) => `<html>${href}</html>`,
}));

let running: RunningSandbox;
let tracks: Track[];
let playlistId: string;

const shown = () => playlistTracks.$state.get().list.map((entry) => entry.track.id);
const letters = (ids: string[]) => ids.map((id) => 'abcdefghij'[tracks.findIndex((t) => t.id === id)] ?? '?').join('');
const provider = async (id = playlistId) => getPlaylistTrackIds(id);
const ITEMS = '/items$';

beforeAll(async () => {
  resetCapabilities();
  ({ running } = await startSignedIn());
  adoptMe({ id: 'guest', displayName: 'Guest', uri: 'spotify:user:guest', images: [], followers: null, email: null, product: null, country: null });
  const rows = running.sandbox.db.prepare("SELECT id, name, duration_ms FROM tracks WHERE name <> '' ORDER BY id LIMIT 5").all() as { id: string; name: string; duration_ms: number }[];
  tracks = rows.map((r) => ({ id: r.id, name: r.name, uri: `spotify:track:${r.id}`, durationMs: r.duration_ms, artists: [], album: null }));
  playlistId = (await createPlaylist('Line test')).id;
}, 120_000);
afterAll(() => running?.stop());

beforeEach(async () => {
  await clearFaults(running.base);
  $toasts.set([]);
  forgetPages();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // Every test starts from a b c d (the provider's PUT that replaces the items).
  const put = await fetch(`${running.base}/v1/playlists/${playlistId}/items`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${running.token('guest', ['playlist-modify-public', 'playlist-modify-private'])}` },
    body: JSON.stringify({ uris: tracks.slice(0, 4).map((t) => t.uri) }),
  });
  expect(put.status).toBe(200);
  await playlistArea.load(playlistId);
  expect(letters(shown())).toBe('abcd');
});

describe('a refused edit taken back', () => {
  it('puts back its own removal alone: a removal made after it stays gone', async () => {
    await addFault(running.base, { match: { method: 'DELETE', path: ITEMS }, status: 403, delayMs: 300, times: 1 });
    const first = removeFromPlaylist(playlistId, tracks[0]!);
    const second = removeFromPlaylist(playlistId, tracks[1]!);
    expect(letters(shown())).toBe('cd');
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(letters(shown())).toBe('acd');
    expect(playlistTracks.$state.get().list.map((entry) => entry.position)).toEqual([0, 1, 2]);
    expect($playlist.get().data?.totalTracks).toBe(3);
    expect(letters(await provider())).toBe('acd');
  });

  it('leaves a rename made meanwhile', async () => {
    const { name, description } = $playlist.get().data!;
    await addFault(running.base, { match: { method: 'DELETE', path: ITEMS }, status: 403, delayMs: 300, times: 1 });
    const removing = removeFromPlaylist(playlistId, tracks[0]!);
    expect(await savePlaylistDetails(playlistId, { name: `${name}!`, description }, { name, description })).toBe('saved');
    expect(await removing).toBe(false);
    expect($playlist.get().data?.name).toBe(`${name}!`);
    expect(letters(shown())).toBe('abcd');
    expect(await savePlaylistDetails(playlistId, { name, description }, { name: `${name}!`, description })).toBe('saved');
  });

  it('a refused move moved back keeps a track added after it', async () => {
    await addFault(running.base, { match: { method: 'PUT', path: ITEMS }, status: 403, delayMs: 300, times: 1 });
    const move = moveEntryDown(0);
    const add = addToPlaylist($playlist.get().data!, tracks[4]!, { twice: true });
    expect(letters(shown())).toBe('bacde');
    expect(await move).toBe(false);
    expect(await add).toBe(true);
    expect(letters(shown())).toBe('abcde');
    expect(letters(await provider())).toBe('abcde');
  });

  it('made while the next page loads: the page that came stays, and paging goes on', async () => {
    const long = (await createPlaylist('Long line test')).id;
    const more = (running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 25 OFFSET 10").all() as { id: string }[]).map((row) => row.id);
    await addPlaylistItems(long, more.map((id) => `spotify:track:${id}`));
    await playlistArea.load(long);
    expect(shown()).toHaveLength(10);
    await addFault(running.base, [
      { match: { method: 'GET', path: `^/v1/playlists/${long}/(items|tracks)$` }, delayMs: 200, times: 1 },
      { match: { method: 'DELETE', path: ITEMS }, status: 403, delayMs: 500, times: 1 },
    ]);
    const next = playlistTracks.loadNextPage();
    const gone = playlistTracks.$state.get().list[2]!.track;
    const removing = removeFromPlaylist(long, gone);
    await next;
    expect(await removing).toBe(false);
    expect(playlistTracks.$state.get()).toMatchObject({ loading: false, error: null, hasMore: true });
    expect(shown()).toEqual(more.slice(0, 20));
    await playlistTracks.loadNextPage();
    expect(shown()).toEqual(more);
    expect(playlistTracks.$state.get().list.map((entry) => entry.position)).toEqual(more.map((_, index) => index));
  });
});

describe('one line per playlist for adds, removals and moves', () => {
  it('Move up, Move up, then Remove: each reaches the provider as the list then stands', async () => {
    // The first move's answer comes late: the removal must not overtake the moves.
    await addFault(running.base, { match: { method: 'PUT', path: ITEMS }, delayMs: 200, times: 1 });
    const made = [moveEntryUp(2), moveEntryUp(1), removeFromPlaylist(playlistId, tracks[1]!)];
    expect(letters(shown())).toBe('cad');
    expect(await Promise.all(made)).toEqual([true, true, true]);
    expect(letters(shown())).toBe('cad');
    expect(letters(await provider())).toBe('cad');
  });

  it('a move made behind a refused removal is placed again on the list the refusal leaves', async () => {
    await addFault(running.base, { match: { method: 'DELETE', path: ITEMS }, status: 403, delayMs: 300, times: 1 });
    const removing = removeFromPlaylist(playlistId, tracks[0]!);
    const move = moveEntryDown(0); // b, first of b c d, goes before d
    expect(letters(shown())).toBe('cbd');
    expect(await removing).toBe(false);
    expect(letters(shown())).toBe('acbd');
    expect(await move).toBe(true);
    expect(letters(await provider())).toBe('acbd');
  });
});

describe('the kept pages of a changed playlist', () => {
  it('are forgotten again once the provider answered: a page fetched ahead meanwhile showed it as it was', async () => {
    const page = `/playlist/${playlistId}`;
    await addFault(running.base, { match: { method: 'POST', path: ITEMS }, delayMs: 200, times: 1 });
    const adding = addToPlaylist($playlist.get().data!, tracks[4]!, { twice: true });
    // The pointer rests on the side navigation's link and on Your Library while the add is on its way.
    fetchPageAhead(page);
    fetchPageAhead('/collection');
    expect(await adding).toBe(true);
    expect(await keptPage(page, false)).toBeNull();
    expect(await keptPage('/collection', false)).toBeNull();

    const { name, description } = $playlist.get().data!;
    await addFault(running.base, { match: { method: 'PUT', path: `^/v1/playlists/${playlistId}$` }, delayMs: 200, times: 1 });
    const renaming = savePlaylistDetails(playlistId, { name: `${name}?`, description }, { name, description });
    fetchPageAhead(page);
    expect(await renaming).toBe('saved');
    expect(await keptPage(page, false)).toBeNull();
    expect(await savePlaylistDetails(playlistId, { name, description }, { name: `${name}?`, description })).toBe('saved');
  });

  it('the library opens after a playlist is removed without a copy fetched ahead while the removal was on its way', async () => {
    const gone = (await createPlaylist('Removed line test')).id;
    let atNavigation: Promise<string | null> | null = null;
    setNavigator(() => {
      atNavigation = keptPage('/collection', false);
    });
    try {
      await addFault(running.base, { match: { method: 'DELETE', path: '/followers$' }, delayMs: 200, times: 1 });
      const removing = removePlaylist(gone);
      fetchPageAhead('/collection');
      expect(await removing).toBe(true);
      expect(atNavigation).not.toBeNull();
      expect(await atNavigation).toBeNull();
    } finally {
      setNavigator(null);
    }
  });
});
