// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
//
// DESIGN §2: a 404 about one thing (a playlist another user keeps private, an album no longer
// there) says "not there", never "this app may not use the endpoint"; only a removed endpoint is
// learnt missing for the session. Against real sandboxes in both profiles, from a fresh session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, resetClient } from '../../src/api/client';
import { isUnavailable } from '../../src/api/errors';
import { addToLibrary, isInLibrary } from '../../src/api/library';
import { getPlaylistTracks } from '../../src/api/playlists';
import { $capabilities, resetCapabilities } from '../../src/stores/capabilities';
import { addFault, clearFaults, faultHits } from '../../sandbox/tests/harness';
import { rejection } from './helpers/rejection';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

/** A playlist of another user than the guest, private (so the guest's provider answers 404 for it). */
function privatePlaylistOfAnother(running: RunningSandbox): string {
  const row = running.sandbox.db.prepare("SELECT id FROM playlists WHERE public = 0 AND collaborative = 0 AND owner_id NOT IN ('guest', 'spotify') LIMIT 1").get() as { id: string };
  return row.id;
}

/** A public playlist of a user (not the provider's), with entries. */
function publicPlaylist(running: RunningSandbox): string {
  const row = running.sandbox.db
    .prepare("SELECT p.id FROM playlists p WHERE p.public = 1 AND p.unavailable = 0 AND p.owner_id NOT IN ('guest', 'spotify') AND EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id) LIMIT 1")
    .get() as { id: string };
  return row.id;
}

/** An id of the right shape that names nothing (a deleted album, a hand-typed address). */
const NOTHING = '0000000000000000000000';

describe('the extended profile: every endpoint is there', () => {
  let running: RunningSandbox;
  let visits: { path: string; replace: boolean }[];

  beforeAll(async () => {
    ({ running, visits } = await startSignedIn('extended'));
  }, 120_000);
  afterAll(() => running?.stop());
  beforeEach(async () => {
    resetClient();
    resetCapabilities();
    await clearFaults(running.url);
  });

  it("another user's private playlist is not found, and the next playlist still reads its tracks from playlists/{id}/tracks", async () => {
    const error = await rejection(getPlaylistTracks(privatePlaylistOfAnother(running)));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().legacyPlaylistTracks).not.toBe('missing');

    const open = publicPlaylist(running);
    await addFault(running.url, { match: { method: 'GET', path: `^/v1/playlists/${open}/tracks` } });
    const entries = await getPlaylistTracks(open);
    expect('unavailable' in entries).toBe(false);
    if (!('unavailable' in entries)) expect(entries.items.length).toBeGreaterThan(0);
    expect(await faultHits(running.url)).toEqual([1]);
    expect($capabilities.get().legacyPlaylistTracks).toBe('available');
    expect(visits).toEqual([]);
  });

  it('a playlist that is not there at all is not found, not a gone endpoint', async () => {
    const error = await rejection(getPlaylistTracks(NOTHING));
    expect(error.status).toBe(404);
    expect(isUnavailable(error)).toBe(false);
    expect($capabilities.get().legacyPlaylistTracks).not.toBe('missing');
  });

  it('playlists/{id}/tracks answering 404 for a playlist everyone sees too is the endpoint gone: learnt, and the entries come from /items', async () => {
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/playlists/[^/]+/tracks' }, status: 404, body: { error: { status: 404, message: 'Resource not found' } } });
    const entries = await getPlaylistTracks(publicPlaylist(running));
    expect('unavailable' in entries).toBe(false);
    expect($capabilities.get().legacyPlaylistTracks).toBe('missing');
    expect(visits).toEqual([]);
  });

  it("saving an album no longer there fails as not found, and saving keeps the seed's me/albums for the session", async () => {
    const error = await rejection(addToLibrary('album', [NOTHING]));
    expect(error.status).toBe(404);
    expect($capabilities.get().legacyLibrary).not.toBe('missing');
    const album = (await callApi<{ albums: { items: { id: string }[] } }>({ path: 'search', query: { q: 'a', type: 'album', limit: 1 } })).albums.items[0]!.id;
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/albums' } });
    await addToLibrary('album', [album]);
    expect(await faultHits(running.url)).toEqual([1]);
    expect(await isInLibrary('album', album)).toBe(true);
    expect(visits).toEqual([]);
  });

  it('following an artist no longer there fails as not found, not as a gone endpoint', async () => {
    const error = await rejection(addToLibrary('artist', [NOTHING]));
    expect(error.status).toBe(404);
    expect($capabilities.get().legacyLibrary).not.toBe('missing');
  });
});

describe('the development profile: playlists/{id}/tracks is gone', () => {
  let running: RunningSandbox;
  let visits: { path: string; replace: boolean }[];

  beforeAll(async () => {
    ({ running, visits } = await startSignedIn('development'));
  }, 120_000);
  afterAll(() => running?.stop());
  beforeEach(() => {
    resetClient();
    resetCapabilities();
  });

  it("is learnt missing from the first playlist of a fresh session, whoever's it is; another user's shows no entries", async () => {
    const entries = await getPlaylistTracks(publicPlaylist(running));
    expect(entries).toEqual({ unavailable: true });
    expect($capabilities.get().legacyPlaylistTracks).toBe('missing');
    expect(visits).toEqual([]);
  });

  it("is learnt missing from another user's private playlist too: the endpoint is gone whatever the playlist", async () => {
    const error = await rejection(getPlaylistTracks(privatePlaylistOfAnother(running)));
    expect(error.status).toBe(404);
    expect($capabilities.get().legacyPlaylistTracks).toBe('missing');
    expect(visits).toEqual([]);
  });
});
