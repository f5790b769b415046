// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClient } from '../../src/api/client';
import { addPlaylistItems, createPlaylist } from '../../src/api/playlist-edits';
import { search } from '../../src/api/search';
import type { Playlist, Track } from '../../src/api/types';
import { resetCapabilities } from '../../src/stores/capabilities';
import { $home, dedupeRecentPlays, keepProviderPlaylists, loadHome, resetHome } from '../../src/stores/home';
import { $session } from '../../src/stores/session';
import { recordNavigation } from './helpers/provider';
import { signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';

const track = (id: string, name = id): Track => ({ id, name, uri: `spotify:track:${id}`, durationMs: 1000, artists: [], album: null });

describe('home rules (SPEC §4)', () => {
  it('de-duplicates recent plays by track id, keeping the last occurrence', () => {
    const plays = [track('a', 'a1'), track('b'), track('a', 'a2'), track('c'), track('b', 'b2')];
    expect(dedupeRecentPlays(plays).map((kept) => kept.name)).toEqual(['a2', 'c', 'b2']);
  });

  it('keeps only daily-mix playlists owned by the provider', () => {
    const playlist = (id: string, owner: string) => ({ id, owner: { id: owner, displayName: owner } }) as Playlist;
    expect(keepProviderPlaylists([playlist('1', 'spotify'), playlist('2', 'guest')]).map((kept) => kept.id)).toEqual(['1']);
  });
});

/** A fresh sandbox in this profile for each test of the describe block, the guest signed in and home empty. */
function homeAgainstSandbox(profile: 'extended' | 'development'): void {
  let running: RunningSandbox;
  beforeEach(async () => {
    useBrowserStorage();
    $session.set(null);
    resetCapabilities();
    resetClient();
    resetHome();
    recordNavigation();
    running = await startSandbox(profile);
    await signInToSandbox(running.base);
  }, 120_000);
  afterEach(async () => {
    await running?.stop();
  });
}

describe.each(['extended', 'development'] as const)('home against a real sandbox (%s profile)', (profile) => {
  homeAgainstSandbox(profile);

  it('loads recent plays, the three trending lists, new releases and daily mix, or marks them unavailable', async () => {
    await loadHome();
    const home = $home.get();
    expect(home.recentPlays.status).toBe('ready');
    expect(home.recentPlays.items.length).toBeGreaterThan(0);
    const ids = home.recentPlays.items.map((play) => play.id);
    expect(new Set(ids).size).toBe(ids.length);
    if (profile === 'extended') {
      for (const language of ['Hindi', 'Punjabi', 'English'] as const) {
        expect(home.trending[language].status).toBe('ready');
        expect(home.trending[language].items).toHaveLength(5);
      }
      expect(home.newReleases.items).toHaveLength(10);
      expect(home.dailyMix.items.length).toBeGreaterThan(0);
      expect(home.dailyMix.items.every((playlist) => playlist.owner.id === 'spotify')).toBe(true);
    } else {
      expect(home.trending.Hindi.status).toBe('unavailable');
      expect(home.newReleases.status).toBe('unavailable');
    }
  });

  it("shows no user's own list named like a Top 50 under Tranding Songs, nor asks for its tracks (DESIGN §2)", async () => {
    const lookAlike = await createPlaylist('Top 50 - Hindi');
    const [track] = (await search('a', ['track'], 1)).tracks.items;
    await addPlaylistItems(lookAlike.id, [track!.uri]);
    const asked = vi.spyOn(globalThis, 'fetch');
    await loadHome();
    const urls = asked.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    asked.mockRestore();
    expect(urls.filter((url) => url.includes(`/playlists/${lookAlike.id}`))).toEqual([]);
    const hindi = $home.get().trending.Hindi;
    if (profile === 'extended') expect(hindi.items.map((shown) => shown.id)).not.toEqual([track!.id]);
    else expect(hindi.status).toBe('unavailable');
  });
});

// Development mode has no Top 50 lists to find (its trending sections are unavailable: above).
describe('home against a real sandbox (extended profile): the Top 50 lists', () => {
  homeAgainstSandbox('extended');

  it('a later home finds the Top 50 playlists it found before: one question per language, not two', async () => {
    await loadHome();
    resetHome();
    const asked = vi.spyOn(globalThis, 'fetch');
    await loadHome();
    const searches = asked.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).filter((url) => url.includes('/v1/search'));
    asked.mockRestore();
    expect(searches.filter((url) => url.includes('Top+50') || url.includes('Top%2050'))).toEqual([]);
    expect($home.get().trending.English.items).toHaveLength(5);
  });
});
