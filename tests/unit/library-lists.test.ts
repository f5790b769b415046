// Node's own fetch: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The library's own lists (Liked Songs, Saved Albums) against a real sandbox while the library
// changes under them: a like, an unlike, a save or an unsave made while a list shows leaves paging
// on with every item once (SPEC §4's offsets count the provider's list as it now stands), and a
// change another tab made, learnt from a page's flags, makes the remembered lists ask again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSavedAlbums } from '../../src/api/albums';
import { getSavedTracks } from '../../src/api/me';
import { addToLibrary, removeFromLibrary } from '../../src/api/library';
import { listPageAreas } from '../../src/stores/list-pages';
import { $inLibrary, adoptLibraryFlags, toggleInLibrary } from '../../src/stores/library';
import type { PagedList } from '../../src/stores/paged-list';
import { syncRoute } from '../../src/stores/route';
import { addFault, startSignedIn, type RunningSandbox } from './helpers/sandbox';
import { clearFaults } from '../../sandbox/tests/harness';

const { list: savedAlbumsList, area: savedAlbumsArea } = listPageAreas.savedAlbums;
const { list: savedTracksList } = listPageAreas.likedSongs;

let running: RunningSandbox;

beforeAll(async () => {
  ({ running } = await startSignedIn());
}, 120_000);

afterAll(() => running?.stop());

/** Every id the provider lists now, in its order. */
async function providerIds<T>(load: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>, idOf: (item: T) => string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await load(offset, 50);
    ids.push(...page.items.map(idOf));
    if (page.items.length === 0 || offset + 50 >= page.total) return ids;
  }
}

/** Scrolls to the end: the next page until there is none. */
async function scrollToEnd<T>(list: PagedList<T>): Promise<void> {
  for (let pages = 0; pages < 10 && list.$state.get().hasMore; pages++) await list.loadNextPage();
}

const trackIds = () => savedTracksList.$state.get().list.map((saved) => saved.track.id);
const albumIds = () => savedAlbumsList.$state.get().list.map((saved) => saved.album.id);
const likedNow = () => providerIds(getSavedTracks, (saved) => saved.track.id);
const savedNow = () => providerIds(getSavedAlbums, (saved) => saved.album.id);

/**
 * Saved Albums opened from elsewhere with nothing remembered (the visit then is the one remembered),
 * once its own first page is in: not a state an earlier test left while the list was unmounted.
 */
async function openSavedAlbumsAfresh(): Promise<void> {
  syncRoute('/');
  savedAlbumsArea.forget();
  syncRoute('/collection/albums');
  await expect.poll(() => savedAlbumsList.$state.get()).toMatchObject({ loaded: true, loading: false });
}

describe('a change another tab made, learnt from a page', () => {
  it('makes the remembered library list of its kind, held whole, ask again on the next visit', async () => {
    const stop = savedAlbumsList.$state.listen(() => undefined);
    try {
      await openSavedAlbumsAfresh();
      await scrollToEnd(savedAlbumsList);
      const shown = albumIds();
      // Another tab saves an album: this tab learns it from an album page's flags.
      const other = running.sandbox.db.prepare('SELECT id FROM albums ORDER BY id DESC LIMIT 60').all() as { id: string }[];
      const fresh = other.map((row) => row.id).find((id) => !shown.includes(id) && $inLibrary.album.get()[id] !== true)!;
      await addToLibrary('album', [fresh]);
      try {
        syncRoute(`/album/${fresh}`);
        adoptLibraryFlags({ album: { [fresh]: true } });
        syncRoute('/collection/albums');
        await expect.poll(albumIds).toContain(fresh);
      } finally {
        await removeFromLibrary('album', [fresh]);
        $inLibrary.album.setKey(fresh, false);
        savedAlbumsArea.forget();
      }
    } finally {
      stop();
    }
  });

  it('is no news to a list held in part: a page naming a saved album past its pages keeps its memory (Back asks nothing)', async () => {
    const stop = savedAlbumsList.$state.listen(() => undefined);
    try {
      await openSavedAlbumsAfresh();
      expect(savedAlbumsList.$state.get().hasMore).toBe(true);
      const shown = albumIds();
      const further = (await savedNow()).find((id) => !shown.includes(id))!;
      syncRoute(`/album/${further}`);
      $inLibrary.album.setKey(further, undefined as unknown as boolean);
      adoptLibraryFlags({ album: { [further]: true } });
      syncRoute('/collection/albums');
      // Painted from memory at once: nothing asked.
      expect(savedAlbumsList.$state.get()).toMatchObject({ loaded: true, loading: false });
      expect(albumIds()).toEqual(shown);
    } finally {
      stop();
    }
  });
});

describe('a library list while the library changes under it', () => {
  it('Liked Songs: an unlike on a loaded row skips no song as it pages on; the row stays, heart off', async () => {
    savedTracksList.reset();
    await savedTracksList.loadFirstPage();
    const before = await likedNow();
    expect(before.length).toBeGreaterThan(savedTracksList.limit);
    const first = trackIds()[0]!;
    expect(await toggleInLibrary('track', first)).toBe(false);
    await scrollToEnd(savedTracksList);
    expect(trackIds()).toEqual(before);
    expect($inLibrary.track.get()[first]).toBe(false);
    // Liked again: it goes to the provider's front, and the list pages on as far as before.
    expect(await toggleInLibrary('track', first)).toBe(true);
  });

  it('Liked Songs: a like of a song not shown (the player card) repeats no song as it pages on', async () => {
    savedTracksList.reset();
    await savedTracksList.loadFirstPage();
    const before = await likedNow();
    const other = running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id DESC LIMIT 50").all() as { id: string }[];
    const fresh = other.map((row) => row.id).find((id) => !before.includes(id))!;
    expect(await toggleInLibrary('track', fresh)).toBe(true);
    try {
      await scrollToEnd(savedTracksList);
      expect(new Set(trackIds()).size).toBe(trackIds().length);
      expect(trackIds()).toEqual(before);
    } finally {
      await removeFromLibrary('track', [fresh]);
    }
  });

  it('Liked Songs: songs liked elsewhere (another device) while it shows repeat none as it pages on', async () => {
    savedTracksList.reset();
    await savedTracksList.loadFirstPage();
    const before = await likedNow();
    const other = running.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id DESC LIMIT 50").all() as { id: string }[];
    const fresh = other.map((row) => row.id).filter((id) => !before.includes(id)).slice(0, 2);
    // Not through this tab's toggle: this tab hears nothing of them.
    await addToLibrary('track', fresh);
    try {
      await scrollToEnd(savedTracksList);
      expect(new Set(trackIds()).size).toBe(trackIds().length);
    } finally {
      await removeFromLibrary('track', fresh);
    }
  });

  it('Liked Songs: a change while the next page is on its way asks that page again where it now starts', async () => {
    savedTracksList.reset();
    await savedTracksList.loadFirstPage();
    const before = await likedNow();
    const first = trackIds()[0]!;
    // The next page held on its way, so the unlike lands while it is: the provider reads the
    // list after the change, and the page asked at the old offset would skip a song.
    await addFault(running.base, { match: { method: 'GET', path: '^/v1/me/tracks$' }, delayMs: 400, times: 1 });
    const paging = savedTracksList.loadNextPage();
    try {
      expect(savedTracksList.$state.get().loading).toBe(true);
      expect(await toggleInLibrary('track', first)).toBe(false);
      await paging;
      await scrollToEnd(savedTracksList);
      expect(trackIds()).toEqual(before);
    } finally {
      await addToLibrary('track', [first]);
      await clearFaults(running.base);
    }
  });

  it('Saved Albums: an unsave on a loaded card skips no album as it pages on', async () => {
    savedAlbumsList.reset();
    await savedAlbumsList.loadFirstPage();
    const before = await savedNow();
    expect(before.length).toBeGreaterThan(savedAlbumsList.limit);
    const first = albumIds()[0]!;
    expect(await toggleInLibrary('album', first)).toBe(false);
    try {
      await scrollToEnd(savedAlbumsList);
      expect(albumIds()).toEqual(before);
    } finally {
      expect(await toggleInLibrary('album', first)).toBe(true);
    }
  });
});
