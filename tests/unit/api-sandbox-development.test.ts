// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../src/api/artists';
import { getCategories, getCategoryPlaylists, getNewReleases } from '../../src/api/browse';
import { isUnavailable } from '../../src/api/errors';
import { addToLibrary, isInLibrary, removeFromLibrary } from '../../src/api/library';
import { getMe } from '../../src/api/me';
import { getPlaylist, getPlaylistTracks } from '../../src/api/playlists';
import { search, searchType } from '../../src/api/search';
import { getUser } from '../../src/api/users';
import { $artist, artistArea } from '../../src/stores/artist';
import { $capabilities, resetCapabilities } from '../../src/stores/capabilities';
import { isListUnavailable } from '../../src/stores/paged-list';
import { $playlist, playlistArea, playlistTracks } from '../../src/stores/playlist';
import { $user, userArea } from '../../src/stores/user';
import { $session } from '../../src/stores/session';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

let running: RunningSandbox;
let visits: { path: string; replace: boolean }[];

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => null, (error: unknown) => error);
}

beforeAll(async () => {
  ({ running, visits } = await startSignedIn('development'));
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("against a real sandbox in the development profile (DESIGN §2's fallbacks)", () => {
  it('hides removed endpoints as missing capabilities, asked once, never signing out', async () => {
    const { artists } = await search('a', ['artist']);
    const artistId = artists.items[0]!.id;
    const artist = await getArtist(artistId);
    expect(artist.followers).toBeNull();
    expect(artist.popularity).toBeNull();
    expect(isUnavailable(await rejectionOf(getArtistTopTracks(artistId)))).toBe(true);
    expect(isUnavailable(await rejectionOf(getRelatedArtists(artistId)))).toBe(true);
    expect(isUnavailable(await rejectionOf(getNewReleases()))).toBe(true);
    expect(isUnavailable(await rejectionOf(getCategories()))).toBe(true);
    expect(isUnavailable(await rejectionOf(getUser('spotify')))).toBe(true);
    expect($capabilities.get()).toMatchObject({
      artistTopTracks: 'missing',
      relatedArtists: 'missing',
      newReleases: 'missing',
      categories: 'missing',
      otherUsers: 'missing',
    });
    expect(visits).toEqual([]);
    expect($session.get()).not.toBeNull();
    expect((await getArtistAlbums(artistId)).limit).toBeLessThanOrEqual(10);
  });

  it('reads a fresh session\'s first refusal of users/{id} and categories/{id}/playlists as gone endpoints, never as not found', async () => {
    resetCapabilities();
    // users/{id} answers 403 here: gone, with no need to ask further.
    expect(isUnavailable(await rejectionOf(getUser('nobody-at-all')))).toBe(true);
    // categories/{id}/playlists answers 404, as an unknown category would: the probe settles it.
    expect(isUnavailable(await rejectionOf(getCategoryPlaylists('pop')))).toBe(true);
    expect($capabilities.get()).toMatchObject({ otherUsers: 'missing', categoryPlaylists: 'missing' });
    expect(visits).toEqual([]);
    expect($session.get()).not.toBeNull();
  });

  it('leaves out the absent profile fields instead of showing zeros', async () => {
    const me = await getMe();
    expect(me.id).toBe('guest');
    expect(me.followers).toBeNull();
    expect(me.email).toBeNull();
  });

  it('pages see-all search by 10 once a limit of 20 is refused', async () => {
    const first = await searchType('a', 'track');
    expect(first.limit).toBe(10);
    expect($capabilities.get().largeSearchPages).toBe('missing');
    expect(visits).toEqual([]);
  });

  it('saves and removes through /me/library with URIs', async () => {
    const { albums } = await search('a', ['album']);
    const albumId = albums.items[0]!.id;
    await addToLibrary('album', [albumId]);
    expect(await isInLibrary('album', albumId)).toBe(true);
    await removeFromLibrary('album', [albumId]);
    expect(await isInLibrary('album', albumId)).toBe(false);
    expect($capabilities.get().legacyLibrary).toBe('missing');
  });

  it("reads a playlist's items, and says its tracks are not available when the user does not own it", async () => {
    const { playlists } = await search('a', ['playlist']);
    let sawUnavailable = false;
    for (const found of playlists.items) {
      const playlist = await getPlaylist(found.id);
      const entries = await getPlaylistTracks(playlist.id);
      if ('unavailable' in entries) sawUnavailable = true;
      else expect(entries.items.every((entry) => entry.track.name.trim() !== '')).toBe(true);
    }
    expect(sawUnavailable).toBe(true);
    expect($capabilities.get().legacyPlaylistTracks).toBe('missing');
    expect(visits).toEqual([]);
  });

  it('the artist page hides Popular Tracks and Fans Also like; another user says not available; a playlist shows its header', async () => {
    const { artists, playlists } = await search('a', ['artist', 'playlist']);
    await artistArea.load(artists.items[0]!.id);
    expect($artist.get().data).not.toBeNull();
    expect($artist.get().sections.topTracks.status).toBe('unavailable');
    expect($artist.get().sections.relatedArtists.status).toBe('unavailable');
    await userArea.load('aarav.sharma');
    expect($user.get()).toMatchObject({ unavailable: true, error: null, data: null });
    let sawHeaderOnly = false;
    for (const found of playlists.items) {
      await playlistArea.load(found.id);
      expect($playlist.get().data?.id).toBe(found.id);
      if (isListUnavailable(playlistTracks.$state.get().error)) {
        sawHeaderOnly = true;
        expect(playlistTracks.$state.get().list).toEqual([]);
      }
    }
    expect(sawHeaderOnly).toBe(true);
    expect(visits).toEqual([]);
  });
});
