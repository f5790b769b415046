// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '../../src/api/types';
import { $home, adoptRecentPlayed } from '../../src/stores/home';
import { syncRoute } from '../../src/stores/route';
import { $search, searchPage } from '../../src/stores/search';

// Pages whose stores adopt what the server rendered, beyond the list and detail areas (their
// own tests): the route's entry asks nothing for what was adopted, and a later visit asks again.
// The provider's answers are the test's.
const asked = vi.hoisted(() => ({ search: 0, recentPlays: 0, newReleases: 0 }));
const NOTHING = { items: [], offset: 0, limit: 10, total: 0 };
vi.mock('../../src/api/search', async (original) => ({
  ...(await original<typeof import('../../src/api/search')>()),
  search: async () => {
    asked.search++;
    return { tracks: NOTHING, artists: NOTHING, albums: NOTHING, playlists: NOTHING };
  },
}));
vi.mock('../../src/api/home', async (original) => ({
  ...(await original<typeof import('../../src/api/home')>()),
  getRecentPlayTracks: async () => {
    asked.recentPlays++;
    return [];
  },
  getNewReleaseAlbums: async () => {
    asked.newReleases++;
    return [];
  },
}));

const track = { id: 't1', name: 'Sol' } as unknown as SearchResults['tracks']['items'][number];

describe('pages adopted from the server', () => {
  it("search: the results for q show as rendered, its entry asks nothing, another q asks", async () => {
    const results: SearchResults = { tracks: { items: [track], offset: 0, limit: 10, total: 1 }, artists: NOTHING, albums: NOTHING, playlists: NOTHING };
    syncRoute('/search?q=Sol');
    searchPage.adopt({ query: 'Sol', results, flags: { track: { t1: true } }, failure: null });
    const stop = $search.listen(() => undefined);
    expect($search.get().results?.tracks.items).toEqual([track]);
    expect(asked.search).toBe(0);
    syncRoute('/search?q=Luna');
    await vi.waitFor(() => expect(asked.search).toBe(1));
    // Back to the adopted q: it was adopted once, so it is asked like any other visit.
    syncRoute('/search?q=Sol');
    await vi.waitFor(() => expect(asked.search).toBe(2));
    stop();
  });

  it('a search failed on the server shows the error screen, not a search in progress', () => {
    syncRoute('/search?q=Broken');
    searchPage.adopt({ query: 'Broken', results: null, failure: null });
    expect($search.get()).toMatchObject({ loading: false, results: null });
    expect($search.get().error).toBeInstanceOf(Error);
    syncRoute('/');
  });

  it('recent plays: its entry asks nothing for what was adopted; after leaving, a visit asks', async () => {
    syncRoute('/track/recent-played');
    adoptRecentPlayed({ recentPlays: { status: 'ready', items: [track] }, failure: null });
    const stop = $home.listen(() => undefined);
    expect($home.get().recentPlays.items).toEqual([track]);
    expect(asked.recentPlays).toBe(0);
    syncRoute('/collection');
    syncRoute('/track/recent-played');
    await vi.waitFor(() => expect(asked.recentPlays).toBe(1));
    stop();
  });

  it("home, reached from /track/recent-played while its store is still held: asks nothing while the page's island brings the server's home", async () => {
    syncRoute('/collection');
    const before = asked.recentPlays;
    const stop = $home.listen(() => undefined);
    syncRoute('/track/recent-played');
    await vi.waitFor(() => expect(asked.recentPlays).toBe(before + 1));
    // The client router swapped in home's server render: its content island has not hydrated yet.
    const island = document.body.appendChild(document.createElement('main'));
    island.id = 'content';
    island.innerHTML = '<astro-island ssr></astro-island>';
    try {
      syncRoute('/');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(asked).toMatchObject({ recentPlays: before + 1, newReleases: 0 });
    } finally {
      island.remove();
      stop();
    }
  });
});
