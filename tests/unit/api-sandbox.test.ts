// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAlbum, getAlbumTracks, getSavedAlbums } from '../../src/api/albums';
import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../src/api/artists';
import { getCategories, getCategoryPlaylists, getFeaturedPlaylists, getNewReleases } from '../../src/api/browse';
import { resetClient } from '../../src/api/client';
import { addToLibrary, checkInLibrary, isInLibrary, removeFromLibrary } from '../../src/api/library';
import { getFollowedArtists, getMe, getRecentlyPlayed, getSavedTracks, getTopArtists, getTopTracks } from '../../src/api/me';
import { getMyPlaylists, getPlaylist, getPlaylistTracks } from '../../src/api/playlists';
import { search, searchType } from '../../src/api/search';
import { getUser, getUserPlaylists } from '../../src/api/users';
import { $session } from '../../src/stores/session';
import { recordNavigation } from './helpers/provider';
import { signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';

let running: RunningSandbox;

beforeAll(async () => {
  useBrowserStorage();
  running = await startSandbox('extended');
  localStorage.clear();
  sessionStorage.clear();
  $session.set(null);
  recordNavigation();
  resetClient();
  // The sign-in itself (PKCE, the sandbox's form and token URL, through the site's server code) is server-login.test.ts.
  await signInToSandbox(running.base);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe('against a real sandbox (extended profile)', () => {
  it('reads the own profile, search results and the entities they lead to', async () => {
    const me = await getMe();
    expect(me.id).toBe('guest');
    const results = await search('a');
    expect(results.tracks.items.length).toBeGreaterThan(0);
    expect(results.tracks.limit).toBe(10);
    const track = results.tracks.items[0]!;
    expect(track.durationMs).toBeGreaterThan(0);
    const album = await getAlbum(track.album!.id);
    expect(album.year).toMatch(/^\d{4}$/);
    const tracks = await getAlbumTracks(album.id, 0, 20, album);
    expect(tracks.items[0]?.album?.id).toBe(album.id);
    const artist = await getArtist(album.artists[0]!.id);
    expect(artist.followers).not.toBeNull();
    expect((await getArtistAlbums(artist.id)).limit).toBeLessThanOrEqual(10);
    // The catalogue's own record of this artist (the sandbox's database): its most popular
    // track as lead artist heads its top tracks, and its related artists sing in its language.
    const db = running.sandbox.db;
    const { id: mostPopular } = db
      .prepare('SELECT t.id FROM track_artists ta JOIN tracks t ON t.id = ta.track_id WHERE ta.artist_id = ? AND ta.position = 0 ORDER BY t.popularity DESC, t.id LIMIT 1')
      .get(artist.id) as { id: string };
    const topTracks = await getArtistTopTracks(artist.id);
    expect(topTracks.length).toBeGreaterThan(0);
    expect(topTracks[0]!.id).toBe(mostPopular);
    for (const top of topTracks) expect(top.artists.map((credited) => credited.id)).toContain(artist.id);
    const languageOf = (id: string) => (db.prepare('SELECT language FROM artists WHERE id = ?').get(id) as { language: string } | undefined)?.language;
    const related = await getRelatedArtists(artist.id);
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((other) => other.id)).not.toContain(artist.id);
    expect(new Set(related.map((other) => languageOf(other.id)))).toEqual(new Set([languageOf(artist.id)]));
    const seeAll = await searchType('a', 'album');
    expect(seeAll.limit).toBe(20);
  });

  it('reads playlists with their entries, browse lists and another user', async () => {
    const found = await search('Top 50', ['playlist'], 1);
    const playlist = await getPlaylist(found.playlists.items[0]!.id);
    expect(playlist.totalTracks).toBeGreaterThan(0);
    const entries = await getPlaylistTracks(playlist.id, 0, 5);
    expect('items' in entries && entries.items.length).toBeGreaterThan(0);
    expect((await getNewReleases(0, 10)).items.length).toBeGreaterThan(0);
    const categories = await getCategories();
    expect(categories.items.length).toBeGreaterThan(0);
    expect((await getCategoryPlaylists(categories.items[0]!.id)).playlists.items.length).toBeGreaterThan(0);
    const featured = await getFeaturedPlaylists();
    expect(featured.message).not.toBe('');
    expect(featured.playlists.items.length).toBeGreaterThan(0);
    const owner = await getUser(playlist.owner.id);
    expect(owner.id).toBe(playlist.owner.id);
    expect((await getUserPlaylists(owner.id)).items.length).toBeGreaterThan(0);
  });

  it("reads the user's own playlists", async () => {
    // The guest's seed: its own four (sandbox/catalogue/people.ts), listed first, then the three
    // of the provider's it follows (sandbox/catalogue/seed-state.ts); the private one too, as the
    // sign-in asks playlist-read-private.
    const mine = await getMyPlaylists();
    expect(mine.total).toBe(7);
    expect(mine.items.slice(0, 4).map((playlist) => [playlist.name, playlist.owner.id])).toEqual([
      ['Road Trip', 'guest'],
      ['Late Night Coding', 'guest'],
      ['Shared with Friends', 'guest'],
      ['Chai & Chill', 'guest'],
    ]);
    expect(mine.items.slice(4).map((playlist) => [playlist.name, playlist.owner.id]).sort()).toEqual([
      ['Bollywood Hits', 'spotify'],
      ['Daily Mix 1', 'spotify'],
      ['Top 50 - Hindi', 'spotify'],
    ]);
  });

  it('saves, checks and removes an album, likes a track and follows an artist', async () => {
    const { albums, tracks, artists } = await search('a', ['album', 'track', 'artist']);
    const albumId = albums.items[0]!.id;
    await addToLibrary('album', [albumId]);
    expect(await isInLibrary('album', albumId)).toBe(true);
    expect((await getSavedAlbums()).items.map((saved) => saved.album.id)).toContain(albumId);
    await removeFromLibrary('album', [albumId]);
    expect(await isInLibrary('album', albumId)).toBe(false);
    await addToLibrary('track', [tracks.items[0]!.id]);
    expect((await getSavedTracks()).items[0]?.track.id).toBe(tracks.items[0]!.id);
    await addToLibrary('artist', [artists.items[0]!.id]);
    expect(await checkInLibrary('artist', [artists.items[0]!.id])).toEqual([true]);
    expect((await getFollowedArtists(50)).map((artist) => artist.id)).toContain(artists.items[0]!.id);
  });

  it("sends a library change's ids in the body as the provider's reference asks, and in the query as the seed sent them", async () => {
    const { tracks } = await search('a', ['track']);
    const id = tracks.items[1]!.id;
    const sent: { ids: string | null; body: unknown }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PUT' && new URL(request.url).pathname === '/v1/me/tracks') {
        sent.push({ ids: new URL(request.url).searchParams.get('ids'), body: await request.clone().json() });
      }
      return realFetch(input, init);
    });
    try {
      await addToLibrary('track', [id]);
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual([{ ids: id, body: { ids: [id] } }]);
    expect(await isInLibrary('track', id)).toBe(true);
  });

  it('reads top items and recent plays', async () => {
    expect((await getTopArtists()).limit).toBe(10);
    expect((await getTopTracks(0, 20)).limit).toBe(20);
    // The guest's seeded plays (120, sandbox/catalogue/seed-state.ts), newest first: the newest
    // three are A, B, A, a track played twice, which this call keeps (home de-duplicates).
    const seeded = (running.sandbox.db.prepare("SELECT track_id FROM recent_plays WHERE user_id = 'guest' ORDER BY played_at DESC LIMIT 50").all() as { track_id: string }[]).map((play) => play.track_id);
    const recent = (await getRecentlyPlayed(50)).map((play) => play.track.id);
    expect(recent).toHaveLength(50);
    expect(recent).toEqual(seeded);
    expect(recent[2]).toBe(recent[0]);
    expect(recent[1]).not.toBe(recent[0]);
  });

  it("reads the context each recent play was played in, as its uri (null for none): the player resumes the last play there", async () => {
    const [seeded] = await getRecentlyPlayed(1);
    expect(seeded!.contextUri).toBeNull(); // the seeded plays were played in none
    const album = `spotify:album:${seeded!.track.album!.id}`;
    const playedAt = new Date(Date.now() + 60_000).toISOString();
    const db = running.sandbox.db;
    db.prepare('INSERT INTO recent_plays VALUES (?, ?, ?, ?)').run('guest', seeded!.track.id, playedAt, album);
    try {
      expect((await getRecentlyPlayed(1))[0]).toMatchObject({ track: { id: seeded!.track.id }, contextUri: album });
    } finally {
      db.prepare('DELETE FROM recent_plays WHERE played_at = ?').run(playedAt);
    }
  });
});
