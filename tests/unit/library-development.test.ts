// @vitest-environment node
// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The library store's toggles and lists under SANDBOX_API_PROFILE=development (DESIGN §2:
// /me/library with URIs), through a sandbox restart. The e2e server runs one profile
// (extended), so this profile's whole path is covered here against a real sandbox.
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/app';
import { resetClient } from '../../src/api/client';
import { checkInLibrary } from '../../src/api/library';
import { search } from '../../src/api/search';
import { $capabilities } from '../../src/stores/capabilities';
import { $inLibrary, checkLibrary, savedAlbumsList, savedTracksList, toggleInLibrary, toggleLikeTrack } from '../../src/stores/library';
import { followingList } from '../../src/stores/profile';
import { $seeAll, seeAllList } from '../../src/stores/search';
import { syncRoute } from '../../src/stores/route';
import { recordNavigation } from './helpers/provider';
import { openSeeAll } from './helpers/see-all';
import { signInToSandbox, useBrowserStorage } from './helpers/sandbox';

const dataDir = mkdtempSync(join(tmpdir(), 'my-music-library-dev-'));
const port = 43000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
let running: { sandbox: Sandbox; server: ServerType } | null = null;

async function start(): Promise<void> {
  const sandbox = createSandbox({ dataDir, port, publicUrl: base, size: 'small', apiProfile: 'development', faults: true });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: sandbox.app.fetch, hostname: '127.0.0.1', port }, () => resolve(started));
  });
  running = { sandbox, server };
}

async function stop(): Promise<void> {
  if (!running) return;
  const { sandbox, server } = running;
  running = null;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  sandbox.close();
}

let visits: { path: string; replace: boolean }[];

beforeAll(async () => {
  useBrowserStorage();
  visits = recordNavigation();
  resetClient();
  await start();
  await signInToSandbox(base);
}, 120_000);

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

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

    await stop();
    await start();
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
    const response = await fetch(`${base}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: { path: '^/v1/me/library$' }, status: 500, times: 2 }),
    });
    expect(response.ok).toBe(true);
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
