// Node's own fetch: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The playlist store against a real sandbox: create, add (and the duplicate question), remove,
// rename, remove from the library; a refusal rolls back with a toast; a session without the
// playlist-modify scopes is asked to sign in again.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../src/api/types';
import { LOGIN_SCOPES } from '../../src/config/provider';
import { myPlaylistsList } from '../../src/stores/collection';
import { addPlaylistItems, createPlaylist, removePlaylistItems } from '../../src/api/playlist-edits';
import { getPlaylistTracks } from '../../src/api/playlists';
import {
  $creatingPlaylist,
  $duplicatePrompt,
  $ownPlaylists,
  $ownPlaylistsFailed,
  $shownPlaylistInLibrary,
  $signInAgain,
  addToNewPlaylist,
  addToPlaylist,
  answerDuplicate,
  CHANGE_REFUSED,
  createAndOpenPlaylist,
  listOwnPlaylists,
  notePlaylistInLibrary,
  removeFromPlaylist,
  removePlaylist,
  savePlaylistDetails,
} from '../../src/stores/my-playlists';
import { $playlist, playlistArea, playlistTracks } from '../../src/stores/playlist';
import { syncRoute } from '../../src/stores/route';
import { $myProfile } from '../../src/stores/profile';
import { $toasts } from '../../src/stores/toasts';
import { addFault, signInToSandbox, type RunningSandbox, startSignedIn } from './helpers/sandbox';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';

let running: RunningSandbox;
let visits: { path: string; replace: boolean }[];
let tracks: Track[];

const titles = () => playlistTracks.$state.get().list.map((entry) => entry.track.id);
const toastTexts = () => $toasts.get().map((toast) => toast.message);

beforeAll(async () => {
  ({ running, visits } = await startSignedIn());
  const rows = running.sandbox.db.prepare("SELECT id, name, duration_ms FROM tracks WHERE name <> '' ORDER BY id LIMIT 3").all() as {
    id: string; name: string; duration_ms: number;
  }[];
  tracks = rows.map((r) => ({ id: r.id, name: r.name, uri: `spotify:track:${r.id}`, durationMs: r.duration_ms, artists: [], album: null }));
}, 120_000);

afterAll(() => running?.stop());
beforeEach(() => $toasts.set([]));

describe('playlists the user makes', () => {
  it('asks for the first page of playlists beside the user, not after the user answered', async () => {
    $ownPlaylists.set(null);
    $myProfile.set(null);
    // The user's answer held a while; the playlists' counted as they arrive.
    await addFault(running.base, [
      { match: { method: 'GET', path: '^/v1/me$' }, delayMs: 1500, times: 1 },
      { match: { method: 'GET', path: '^/v1/me/playlists$' }, times: 1 },
    ]);
    let settled = false;
    const listing = listOwnPlaylists().finally(() => (settled = true));
    try {
      await expect.poll(() => faultHits(running.base), { timeout: 1200, interval: 50 }).toEqual([1, 1]);
      expect(settled).toBe(false); // the user is still on its way
      await listing;
      expect($ownPlaylists.get()!.map((p) => p.owner.id)).toEqual(['guest', 'guest', 'guest', 'guest']);
    } finally {
      await listing;
      await clearFaults(running.base);
    }
  });

  it('creates "My Playlist #N", opens it, and lists it first among the own playlists', async () => {
    visits.length = 0;
    await createAndOpenPlaylist();
    const own = $ownPlaylists.get()!;
    // The guest owns four seeded playlists, so the new one is the fifth.
    expect(own[0]!.name).toBe('My Playlist #5');
    expect(visits).toEqual([{ path: `/playlist/${own[0]!.id}`, replace: false }]);
    await myPlaylistsList.loadFirstPage();
    expect(myPlaylistsList.$state.get().list[0]!.id).toBe(own[0]!.id);
  });

  it("the own playlist's place in the library: the later word wins (a page kept from before a change loses, one rendered after it wins)", async () => {
    await listOwnPlaylists();
    const playlist = $ownPlaylists.get()![0]!;
    await playlistArea.load(playlist.id);
    expect($shownPlaylistInLibrary.get()).toBeNull();
    notePlaylistInLibrary(playlist.id, false, 2_000);
    expect($shownPlaylistInLibrary.get()).toBe(false);
    notePlaylistInLibrary(playlist.id, true, 1_000);
    expect($shownPlaylistInLibrary.get()).toBe(false);
    notePlaylistInLibrary(playlist.id, true, 3_000);
    expect($shownPlaylistInLibrary.get()).toBe(true);
    notePlaylistInLibrary(playlist.id, null, 4_000);
    expect($shownPlaylistInLibrary.get()).toBe(true);
  });

  it('a user who moved on while the new playlist was on its way stays where they went: a toast says it was made', async () => {
    visits.length = 0;
    syncRoute('/collection');
    await addFault(running.base, { match: { method: 'POST', path: '/playlists$' }, delayMs: 300, times: 1 });
    try {
      // Where the user asked is taken as the call starts: they move on while it is on its way.
      const making = createAndOpenPlaylist();
      syncRoute('/search');
      await making;
      const made = $ownPlaylists.get()![0]!;
      expect(visits).toEqual([]);
      expect(toastTexts()).toContain(`Created ${made.name}`);
    } finally {
      await clearFaults(running.base);
    }
  });

  it('a playlist made in another tab is listed once the list is no longer fresh, and the next new one is named after it', async () => {
    await listOwnPlaylists();
    const before = $ownPlaylists.get()!.length;
    // Another tab (the same session) makes one: this tab hears nothing of it.
    const elsewhere = await createPlaylist('Made in another tab');
    await listOwnPlaylists();
    expect($ownPlaylists.get()!.length).toBe(before);
    // Half a minute on, the next look at the list asks again.
    const later = Date.now() + 31_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await listOwnPlaylists();
      expect($ownPlaylists.get()!.map((playlist) => playlist.id)).toContain(elsewhere.id);
      await createAndOpenPlaylist();
      expect($ownPlaylists.get()![0]!.name).toBe(`My Playlist #${before + 2}`);
    } finally {
      clock.mockRestore();
    }
  });

  it('a playlist made in another tab a moment ago: Create Playlist asks for the list first (once), and takes the next name', async () => {
    await listOwnPlaylists();
    const before = $ownPlaylists.get()!.length;
    // Another tab made one while this tab's list is still fresh: it heard nothing of it.
    const elsewhere = await createPlaylist(`My Playlist #${before + 1}`);
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/me/playlists$' }, times: 10 });
    try {
      await createAndOpenPlaylist();
      // One ask of the list (the guest has fewer than 50 playlists: one page).
      expect(await faultHits(running.base)).toEqual([1]);
      const own = $ownPlaylists.get()!;
      expect(own.map((playlist) => playlist.id)).toContain(elsewhere.id);
      expect(own[0]!.name).toBe(`My Playlist #${before + 2}`);
    } finally {
      await clearFaults(running.base);
    }
  });

  it('a list on screen asked again says nothing when that fails, keeps what it shows, and is not asked again at every look', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await listOwnPlaylists();
    const shown = $ownPlaylists.get();
    await clearFaults(running.base);
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/me/playlists$' }, status: 503, body: {}, times: 5 });
    // Past the test above's clock too, which listed them half a minute ahead.
    const later = Date.now() + 120_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await listOwnPlaylists();
      // Asked (and retried once, as any GET after a 5xx), failed, unsaid.
      expect(await faultHits(running.base)).toEqual([2]);
      expect(toastTexts()).toEqual([]);
      expect($ownPlaylists.get()).toBe(shown);
      expect($ownPlaylistsFailed.get()).toBe(false);
      await listOwnPlaylists();
      expect(await faultHits(running.base)).toEqual([2]);
    } finally {
      clock.mockRestore();
      await clearFaults(running.base);
    }
  });

  it('adds at once, asks before a duplicate, removes every occurrence, and rolls back a refusal with a toast', async () => {
    const playlist = $ownPlaylists.get()![0]!;
    await playlistArea.load(playlist.id);
    const adding = addToPlaylist(playlist, tracks[0]!, { twice: true });
    // Shown before the provider answers.
    expect(titles()).toEqual([tracks[0]!.id]);
    expect(await adding).toBe(true);
    expect(await addToPlaylist(playlist, tracks[1]!)).toBe(true);
    expect(await addToPlaylist(playlist, tracks[0]!)).toBe(false);
    expect($duplicatePrompt.get()?.track.id).toBe(tracks[0]!.id);
    expect(await answerDuplicate(true)).toBe(true);
    expect(titles()).toEqual([tracks[0]!.id, tracks[1]!.id, tracks[0]!.id]);
    expect($playlist.get().data?.totalTracks).toBe(3);

    expect(await removeFromPlaylist(playlist.id, tracks[0]!)).toBe(true);
    expect(titles()).toEqual([tracks[1]!.id]);
    // Both occurrences went, in the own playlists' count (the side navigation) as on the page.
    expect($ownPlaylists.get()!.find((p) => p.id === playlist.id)!.totalTracks).toBe($playlist.get().data!.totalTracks);
    await playlistArea.load(playlist.id);
    expect(titles()).toEqual([tracks[1]!.id]);

    await addFault(running.base, { match: { method: 'POST', path: '/items$' }, status: 403, times: 1 });
    visits.length = 0;
    expect(await addToPlaylist(playlist, tracks[2]!)).toBe(false);
    expect(titles()).toEqual([tracks[1]!.id]);
    expect($playlist.get().data?.totalTracks).toBe(1);
    expect(toastTexts()).toContain(CHANGE_REFUSED);
    // A refused edit is not the catalogue's "403 on a bad request": no sign-out.
    expect(visits).toEqual([]);
  });

  it('two adds in a row to one playlist (two drops onto the side navigation): both arrive, neither cancels the other', async () => {
    const playlist = $ownPlaylists.get()![0]!;
    await playlistArea.load(playlist.id);
    const before = titles();
    const both = await Promise.all([addToPlaylist(playlist, tracks[0]!), addToPlaylist(playlist, tracks[2]!)]);
    expect(both).toEqual([true, true]);
    await playlistArea.load(playlist.id);
    expect(titles()).toEqual([...before, tracks[0]!.id, tracks[2]!.id]);
    expect(await removeFromPlaylist(playlist.id, tracks[0]!)).toBe(true);
    expect(await removeFromPlaylist(playlist.id, tracks[2]!)).toBe(true);
  });

  it('a page of the playlist loaded while an add or a removal was on its way shows the playlist as the provider has it once answered', async () => {
    const playlist = await createPlaylist('Race');
    const edit = async (make: () => Promise<boolean>, method: 'POST' | 'DELETE') => {
      // Made from another page (an album's), held a while by the provider.
      playlistArea.reset();
      await clearFaults(running.base);
      await addFault(running.base, { match: { method, path: `^/v1/playlists/${playlist.id}/items$` }, delayMs: 1500, times: 1 });
      const making = make();
      await expect.poll(() => faultHits(running.base), { timeout: 1200, interval: 50 }).toEqual([1]);
      // The user follows a link to the playlist meanwhile: the provider has it as it was.
      await playlistArea.load(playlist.id);
      const before = titles();
      expect(await making).toBe(true);
      await clearFaults(running.base);
      return before;
    };
    try {
      expect(await edit(() => addToPlaylist(playlist, tracks[2]!, { twice: true }), 'POST')).not.toContain(tracks[2]!.id);
      await expect.poll(titles, { timeout: 3000 }).toContain(tracks[2]!.id);
      expect($playlist.get().data?.totalTracks).toBe(titles().length);
      expect(await edit(() => removeFromPlaylist(playlist.id, tracks[2]!), 'DELETE')).toContain(tracks[2]!.id);
      await expect.poll(titles, { timeout: 3000 }).not.toContain(tracks[2]!.id);
      expect($playlist.get().data?.totalTracks).toBe(titles().length);
    } finally {
      await clearFaults(running.base);
      await removePlaylist(playlist.id);
    }
  });

  it('a page of the playlist opened after an add made elsewhere was answered holds it, and is read once', async () => {
    const playlist = await createPlaylist('Once');
    try {
      playlistArea.reset();
      expect(await addToPlaylist(playlist, tracks[1]!, { twice: true })).toBe(true);
      await clearFaults(running.base);
      // Counts the reads of the playlist (a fault that only waits a moment).
      await addFault(running.base, { match: { method: 'GET', path: `^/v1/playlists/${playlist.id}$` }, delayMs: 1, times: 5 });
      await playlistArea.load(playlist.id);
      expect(titles()).toContain(tracks[1]!.id);
      await new Promise((settled) => setTimeout(settled, 300));
      expect(await faultHits(running.base)).toEqual([1]);
    } finally {
      await clearFaults(running.base);
      await removePlaylist(playlist.id);
    }
  });

  it("Your Library's list and the own playlists' list read the same endpoint at once: neither cancels the other", async () => {
    $ownPlaylists.set(null);
    myPlaylistsList.reset();
    await Promise.all([listOwnPlaylists(), myPlaylistsList.loadFirstPage()]);
    expect($ownPlaylists.get()?.length).toBeGreaterThan(0);
    expect(myPlaylistsList.$state.get()).toMatchObject({ loaded: true, error: null });
    expect(myPlaylistsList.$state.get().list.length).toBeGreaterThan(0);
  });

  it('a track removed before the playlist has loaded whole: paging on skips none of the rest', async () => {
    const more = (running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 25 OFFSET 10").all() as { id: string }[]).map((row) => row.id);
    const playlist = $ownPlaylists.get()![0]!;
    await addPlaylistItems(playlist.id, more.map((id) => `spotify:track:${id}`));
    await playlistArea.load(playlist.id);
    const provider = async () => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 10) {
        const page = await getPlaylistTracks(playlist.id, offset, 10);
        if ('unavailable' in page) throw new Error('not available');
        ids.push(...page.items.map((entry) => entry.track.id));
        if (page.items.length < 10) return ids;
      }
    };
    expect(titles()).toHaveLength(10);
    const gone = playlistTracks.$state.get().list[2]!.track;
    expect(await removeFromPlaylist(playlist.id, gone)).toBe(true);
    await playlistTracks.loadNextPage();
    expect(titles()).toEqual((await provider()).slice(0, 19));
    await removePlaylistItems(playlist.id, more.map((id) => `spotify:track:${id}`));
  });

  it('a track also past the loaded rows: its removal counts every copy the provider took, on the page and in the lists, and paging on skips none', async () => {
    const ids = (running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 27 OFFSET 40").all() as { id: string }[]).map((row) => row.id);
    const twice = ids[0]!;
    const uris = [...ids, twice].map((id) => `spotify:track:${id}`);
    const wasShown = playlistArea.$state.get().id;
    const playlist = await createPlaylist('Road Trip');
    await addPlaylistItems(playlist.id, uris);
    try {
      await playlistArea.load(playlist.id);
      expect($playlist.get().data?.totalTracks).toBe(28);
      $ownPlaylists.set([{ ...playlist, totalTracks: 28 }, ...($ownPlaylists.get() ?? [])]);
      expect(titles()).toHaveLength(10);
      const gone = playlistTracks.$state.get().list.find((entry) => entry.track.id === twice)!.track;
      expect(await removeFromPlaylist(playlist.id, gone)).toBe(true);
      expect($playlist.get().data?.totalTracks).toBe(26);
      expect($ownPlaylists.get()!.find((p) => p.id === playlist.id)!.totalTracks).toBe(26);
      while (playlistTracks.$state.get().hasMore) await playlistTracks.loadNextPage();
      expect(titles()).toHaveLength(26);
      expect(titles()).not.toContain(twice);
    } finally {
      await removePlaylist(playlist.id);
      if (wasShown) await playlistArea.load(wasShown);
    }
  });

  it('"New playlist" with an add refused: the new playlist stays listed (empty), and the next one takes another name', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = $ownPlaylists.get()!.length;
    await addFault(running.base, { match: { method: 'POST', path: '/items$' }, status: 403, times: 1 });
    await addToNewPlaylist(tracks[0]!);
    const made = $ownPlaylists.get()!;
    expect(made).toHaveLength(before + 1);
    expect(made[0]!.totalTracks ?? 0).toBe(0);
    expect(toastTexts()).toContain(CHANGE_REFUSED);
    await addToNewPlaylist(tracks[1]!);
    const names = $ownPlaylists.get()!.slice(0, 2).map((p) => p.name);
    expect(new Set(names).size).toBe(2);
    expect($ownPlaylists.get()![0]!.totalTracks).toBe(1);
    for (const p of $ownPlaylists.get()!.slice(0, 2)) await removePlaylist(p.id);
  });

  it('"New playlist" while another playlist is being made waits for it, then takes the next name (at once, both counted the same list)', async () => {
    const before = $ownPlaylists.get()!.length;
    // Create Playlist under way: the click waits, nothing is made meanwhile.
    $creatingPlaylist.set(true);
    let done = false;
    const waiting = addToNewPlaylist(tracks[0]!).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    expect($ownPlaylists.get()!).toHaveLength(before);
    $creatingPlaylist.set(false);
    await waiting;
    expect($ownPlaylists.get()!).toHaveLength(before + 1);
    // Two at once: both made, one after the other, with two names.
    await Promise.all([addToNewPlaylist(tracks[0]!), addToNewPlaylist(tracks[1]!)]);
    const made = $ownPlaylists.get()!.slice(0, 3);
    expect($ownPlaylists.get()!).toHaveLength(before + 3);
    expect(new Set(made.map((p) => p.name)).size).toBe(3);
    expect($creatingPlaylist.get()).toBe(false);
    for (const p of made) await removePlaylist(p.id);
  });

  it("a listing that failed says so (the picker offers Try again), and the next try clears it", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kept = $ownPlaylists.get();
    $ownPlaylists.set(null);
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/me/playlists$' }, status: 500, body: {}, times: 2 });
    await listOwnPlaylists();
    expect($ownPlaylists.get()).toBeNull();
    expect($ownPlaylistsFailed.get()).toBe(true);
    const again = listOwnPlaylists();
    expect($ownPlaylistsFailed.get()).toBe(false);
    await again;
    expect($ownPlaylists.get()).not.toBeNull();
    expect($ownPlaylists.get()!.length).toBe(kept?.length ?? $ownPlaylists.get()!.length);
  });

  it('a refused add rolls back its own playlist alone: an add to another one that went through meanwhile keeps its count', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [first, second] = $ownPlaylists.get()!;
    const countOf = (id: string) => $ownPlaylists.get()!.find((p) => p.id === id)!.totalTracks ?? 0;
    const before = [countOf(first!.id), countOf(second!.id)];
    await addFault(running.base, { match: { method: 'POST', path: `^/v1/playlists/${first!.id}/items$` }, status: 403, times: 1 });
    const both = await Promise.all([addToPlaylist(first!, tracks[2]!), addToPlaylist(second!, tracks[2]!)]);
    expect(both).toEqual([false, true]);
    expect([countOf(first!.id), countOf(second!.id)]).toEqual([before[0], before[1]! + 1]);
    expect(await removeFromPlaylist(second!.id, tracks[2]!)).toBe(true);
  });

  it('refuses bad details before any request, stores markup as text, and rolls a refused rename back', async () => {
    const playlist = $ownPlaylists.get()![0]!;
    const asBefore = { name: playlist.name, description: playlist.description };
    expect(await savePlaylistDetails(playlist.id, { name: ' ', description: '' }, asBefore)).toEqual({ name: 'Playlist name is required.' });
    expect(await savePlaylistDetails(playlist.id, { name: 'Drive', description: '<b>loud</b>' }, asBefore)).toBe('saved');
    expect($playlist.get().data).toMatchObject({ name: 'Drive', description: '<b>loud</b>' });
    await playlistArea.load(playlist.id);
    expect($playlist.get().data).toMatchObject({ name: 'Drive', description: '<b>loud</b>' });
    const drive = { name: 'Drive', description: '<b>loud</b>' };
    await addFault(running.base, { match: { method: 'PUT', path: '^/v1/playlists/' }, status: 500, times: 1 });
    expect(await savePlaylistDetails(playlist.id, { name: 'Never', description: '<b>loud</b>' }, drive)).toBe('refused');
    expect($playlist.get().data?.name).toBe('Drive');
    // A rename of a playlist without a description leaves it out: the provider refuses an empty one.
    expect(await savePlaylistDetails(playlist.id, { name: 'Bare', description: '' }, { name: 'Drive', description: '' })).toBe('saved');
    await playlistArea.load(playlist.id);
    expect($playlist.get().data).toMatchObject({ name: 'Bare', description: '<b>loud</b>' });
  });

  it('removes the playlist from the lists at once, opens the library once the provider agreed, and puts it back if refused', async () => {
    const playlist = $ownPlaylists.get()![0]!;
    await myPlaylistsList.loadFirstPage();
    const listed = () => myPlaylistsList.$state.get().list.some((p) => p.id === playlist.id);
    expect(listed()).toBe(true);
    // Refused by the call and by its replacement (DELETE me/library, asked after a 403 or 404).
    await addFault(running.base, { match: { method: 'DELETE', path: '/followers$|^/v1/me/library$' }, status: 403, body: { error: { status: 403, message: 'Not allowed' } }, times: 2 });
    visits.length = 0;
    const refused = removePlaylist(playlist.id);
    expect(listed()).toBe(false); // before the provider answers
    expect(await refused).toBe(false);
    expect(visits).toEqual([]); // still on the playlist
    expect(listed()).toBe(true);
    expect($ownPlaylists.get()!.some((p) => p.id === playlist.id)).toBe(true);
    expect(toastTexts()).toContain(CHANGE_REFUSED);

    visits.length = 0;
    expect(await removePlaylist(playlist.id)).toBe(true);
    expect(visits).toEqual([{ path: '/collection', replace: false }]);
    expect($ownPlaylists.get()!.some((p) => p.id === playlist.id)).toBe(false);
    await myPlaylistsList.loadFirstPage();
    expect(myPlaylistsList.$state.get().list.some((p) => p.id === playlist.id)).toBe(false);
  });

  it("removes a playlist through DELETE me/library when the provider has taken its followers call away (development mode, February 2026)", async () => {
    const playlist = $ownPlaylists.get()![0]!;
    await clearFaults(running.base);
    await addFault(running.base, [
      { match: { method: 'DELETE', path: '/followers$' }, status: 404, body: { error: { status: 404, message: 'Not found.' } } },
      { match: { method: 'DELETE', path: '^/v1/me/library$' } },
    ]);
    visits.length = 0;
    expect(await removePlaylist(playlist.id)).toBe(true);
    expect(await faultHits(running.base)).toEqual([1, 1]);
    expect(visits).toEqual([{ path: '/collection', replace: false }]);
    await myPlaylistsList.loadFirstPage();
    expect(myPlaylistsList.$state.get().list.some((p) => p.id === playlist.id)).toBe(false);
    expect(toastTexts()).toEqual([]);
  });

  it('asks a session signed in before the playlist scopes to sign in again on its first edit', async () => {
    const older = LOGIN_SCOPES.filter((scope) => !scope.startsWith('playlist-modify'));
    await signInToSandbox(running.base, older);
    visits.length = 0;
    expect(await addToPlaylist($ownPlaylists.get()![0]!, tracks[2]!, { twice: true })).toBe(false);
    expect($signInAgain.get()).toBe(true);
    expect(visits).toEqual([]);
  });
});
