import { rebasedReorder, reorderItems } from '../api/playlist-reorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './harness';
import { ALL_SCOPES } from './oauth';

const EDIT_SCOPES = [...ALL_SCOPES, 'playlist-modify-public', 'playlist-modify-private'];

describe.each(['extended', 'development'] as const)('playlists users make and change (%s profile)', (profile) => {
  let s: RunningSandbox;
  let guest: string;
  let tracks: string[];
  const uri = (id: string) => `spotify:track:${id}`;
  const json = (body: unknown) => JSON.stringify(body);
  const playlistId = (name: string) => (s.sandbox.db.prepare('SELECT id FROM playlists WHERE name = ?').get(name) as { id: string }).id;
  const entries = async (id: string, token = guest) => {
    const answer = await (await s.get(`/v1/playlists/${id}/items?limit=50`, token)).json();
    return (answer.items as { item: { id: string } | null }[]).map((entry) => entry.item?.id ?? null);
  };
  const create = async (body: unknown, token = guest) => s.send('POST', '/v1/me/playlists', token, json(body));

  beforeAll(async () => {
    s = await startSandbox({ apiProfile: profile });
    guest = s.token('guest', EDIT_SCOPES);
    tracks = (s.sandbox.db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 120").all() as { id: string }[]).map((r) => r.id);
  });
  afterAll(() => s?.stop());

  it('creates a playlist (201, the full object, first in the library); a missing or empty name is 400', async () => {
    const made = await create({ name: 'My Playlist #1', description: '<b>bold</b>', public: false });
    expect(made.status).toBe(201);
    const playlist = await made.json();
    expect(playlist).toMatchObject({ name: 'My Playlist #1', description: '<b>bold</b>', public: false, owner: { id: 'guest' } });
    expect(playlist.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(typeof playlist.snapshot_id).toBe('string');
    const library = await (await s.get('/v1/me/playlists?limit=1', guest)).json();
    expect(library.items[0].id).toBe(playlist.id);
    expect((await create({})).status).toBe(400);
    expect((await create({ name: '  ' })).status).toBe(400);
    expect((await create({ name: 'no scope' }, s.token('guest'))).status).toBe(403);
  });

  it('adds and removes items with a new snapshot each time; removal by uri takes every occurrence', async () => {
    const id = (await (await create({ name: 'Edits' })).json()).id as string;
    const snapshots = new Set<string>();
    const add = async (uris: string[], position?: number) => {
      const answer = await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris, position }));
      expect(answer.status).toBe(201);
      snapshots.add((await answer.json()).snapshot_id);
    };
    await add([uri(tracks[0]!), uri(tracks[1]!)]);
    await add([uri(tracks[0]!)]);
    await add([uri(tracks[2]!)], 0);
    expect(await entries(id)).toEqual([tracks[2], tracks[0], tracks[1], tracks[0]]);
    const removed = await s.send('DELETE', `/v1/playlists/${id}/items`, guest, json({ items: [{ uri: uri(tracks[0]!) }] }));
    expect(removed.status).toBe(200);
    snapshots.add((await removed.json()).snapshot_id);
    expect(snapshots.size).toBe(4);
    expect(await entries(id)).toEqual([tracks[2], tracks[1]]);
    // Uris in the query string, as the description allows.
    expect((await s.send('POST', `/v1/playlists/${id}/items?uris=${uri(tracks[3]!)}`, guest)).status).toBe(201);
    expect(await entries(id)).toEqual([tracks[2], tracks[1], tracks[3]]);
  });

  it('refuses more than 100 uris, a uri that is not a track, an unknown track and a bad position (400)', async () => {
    const id = (await (await create({ name: 'Rules' })).json()).id as string;
    const add = (body: unknown) => s.send('POST', `/v1/playlists/${id}/items`, guest, json(body));
    expect((await add({ uris: tracks.slice(0, 101).map(uri) })).status).toBe(400);
    expect((await add({ uris: tracks.slice(0, 100).map(uri) })).status).toBe(201);
    expect((await add({ uris: [`spotify:album:${tracks[0]}`] })).status).toBe(400);
    expect((await add({ uris: ['spotify:track:0000000000000000000000'] })).status).toBe(400);
    expect((await add({ uris: [uri(tracks[0]!)], position: 500 })).status).toBe(400);
    expect((await add({})).status).toBe(400);
    const remove = (body: unknown) => s.send('DELETE', `/v1/playlists/${id}/items`, guest, json(body));
    expect((await remove({ items: tracks.slice(0, 101).map((t) => ({ uri: uri(t) })) })).status).toBe(400);
    expect((await remove({ items: [{ uri: 'spotify:episode:x' }] })).status).toBe(400);
    expect((await remove({ tracks: [{ uri: uri(tracks[0]!) }] })).status).toBe(400);
    expect((await (await s.get(`/v1/playlists/${id}/items?limit=1`, guest)).json()).total).toBe(100);
  });

  it('lets only the owner change items and details (403 otherwise), and a collaborative playlist anyone', async () => {
    const other = playlistId('Bhangra Nights');
    const add = (id: string, token = guest) => s.send('POST', `/v1/playlists/${id}/items`, token, json({ uris: [uri(tracks[5]!)] }));
    expect((await add(other)).status).toBe(403);
    expect((await s.send('DELETE', `/v1/playlists/${other}/items`, guest, json({ items: [{ uri: uri(tracks[5]!) }] }))).status).toBe(403);
    expect((await s.send('PUT', `/v1/playlists/${other}`, guest, json({ name: 'Mine now' }))).status).toBe(403);
    const shared = playlistId('Shared with Friends');
    expect((await add(shared, s.token('free', EDIT_SCOPES))).status).toBe(201);
    expect((await s.send('PUT', `/v1/playlists/${shared}`, s.token('free', EDIT_SCOPES), json({ name: 'Ours' }))).status).toBe(403);
  });

  it('reorders items (range_start, insert_before, range_length), a new snapshot each time; out of range is 400', async () => {
    const made = await (await create({ name: 'Order' })).json();
    const id = made.id as string;
    const [a, b, c, d] = tracks.slice(10, 14) as [string, string, string, string];
    await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [a, b, c, d].map(uri) }));
    const snapshots = new Set<string>([made.snapshot_id]);
    const reorder = async (body: Record<string, unknown>) => {
      const answer = await s.send('PUT', `/v1/playlists/${id}/items`, guest, json(body));
      const answered = await answer.json();
      if (answer.status === 200) {
        expect(Object.keys(answered)).toEqual(['snapshot_id']);
        snapshots.add(answered.snapshot_id);
      }
      return answer.status;
    };
    // The first to the end, the last to the start, two from the middle to the start.
    expect(await reorder({ range_start: 0, insert_before: 4 })).toBe(200);
    expect(await entries(id)).toEqual([b, c, d, a]);
    expect(await reorder({ range_start: 3, insert_before: 0 })).toBe(200);
    expect(await entries(id)).toEqual([a, b, c, d]);
    expect(await reorder({ range_start: 2, insert_before: 0, range_length: 2 })).toBe(200);
    expect(await entries(id)).toEqual([c, d, a, b]);
    // One down (before the entry after its neighbour), one up.
    expect(await reorder({ range_start: 1, insert_before: 3 })).toBe(200);
    expect(await entries(id)).toEqual([c, a, d, b]);
    expect(await reorder({ range_start: 2, insert_before: 1 })).toBe(200);
    expect(await entries(id)).toEqual([c, d, a, b]);
    // Inside its own range: nothing moves, but it is a change all the same.
    expect(await reorder({ range_start: 1, insert_before: 2 })).toBe(200);
    expect(await entries(id)).toEqual([c, d, a, b]);
    expect(snapshots.size).toBe(7);

    for (const body of [
      { range_start: 4, insert_before: 0 },
      { range_start: -1, insert_before: 0 },
      { range_start: 0, insert_before: 5 },
      { range_start: 0, insert_before: -1 },
      { range_start: 3, insert_before: 0, range_length: 2 },
      { range_start: 0, insert_before: 2, range_length: 0 },
      { range_start: 0.5, insert_before: 2 },
      { range_start: '0', insert_before: 2 },
      { insert_before: 2 },
      { range_start: 0 },
      {},
    ]) {
      expect(await reorder(body), JSON.stringify(body)).toBe(400);
    }
    expect(await entries(id)).toEqual([c, d, a, b]);
    expect(snapshots.size).toBe(7);
  });

  it('takes the snapshot_id the client saw: this playlist\'s current one is applied, an older one rebased, any other is 400', async () => {
    const made = await (await create({ name: 'Snapshots' })).json();
    const id = made.id as string;
    const [a, b] = tracks.slice(20, 22) as [string, string];
    const added = await (await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [a, b].map(uri) }))).json();
    const put = (body: unknown) => s.send('PUT', `/v1/playlists/${id}/items`, guest, json(body));
    const moved = await put({ range_start: 1, insert_before: 0, snapshot_id: added.snapshot_id });
    expect(moved.status).toBe(200);
    expect((await moved.json()).snapshot_id).not.toBe(added.snapshot_id);
    expect(await entries(id)).toEqual([b, a]);
    // Rebased: b, the second of that version, goes before a, where it already is.
    expect((await put({ range_start: 1, insert_before: 0, snapshot_id: added.snapshot_id })).status).toBe(200);
    expect(await entries(id)).toEqual([b, a]);
    // The version before the entries came: its positions name none of them.
    expect((await put({ range_start: 1, insert_before: 0, snapshot_id: made.snapshot_id })).status).toBe(400);
    expect((await put({ range_start: 1, insert_before: 0 })).status).toBe(200);
    expect(await entries(id)).toEqual([a, b]);
    const other = (await (await s.get(`/v1/playlists/${playlistId('Road Trip')}`, guest)).json()).snapshot_id;
    for (const snapshot_id of [other, 'not-a-snapshot', Buffer.from(`${id}:999`).toString('base64url'), 7]) {
      expect((await put({ range_start: 1, insert_before: 0, snapshot_id })).status).toBe(400);
    }
    expect(await entries(id)).toEqual([a, b]);
  });

  it('rebases a reorder made against an older version (another tab changed it since): the entries it named move, as the provider does', async () => {
    const made = await (await create({ name: 'Two tabs' })).json();
    const id = made.id as string;
    const [a, b, c, d, e] = tracks.slice(30, 35) as [string, string, string, string, string];
    const seen = (await (await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [a, b, c, d].map(uri) }))).json()).snapshot_id as string;
    const put = (body: unknown) => s.send('PUT', `/v1/playlists/${id}/items`, guest, json(body));
    // Another tab: e added at the top, then b moved to the end.
    await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [uri(e)], position: 0 }));
    expect((await put({ range_start: 2, insert_before: 5 })).status).toBe(200);
    expect(await entries(id)).toEqual([e, a, c, d, b]);
    // This tab, still showing [a, b, c, d]: d (its 4th) up before b (its 2nd). Applied to the
    // entries as they are now, the 4th (d) would go before the 2nd (a); rebased, d goes before b.
    expect((await put({ range_start: 3, insert_before: 1, snapshot_id: seen })).status).toBe(200);
    expect(await entries(id)).toEqual([e, a, c, d, b].filter((t) => t !== d).flatMap((t) => (t === b ? [d, b] : [t])));
    // An entry the older version named that is gone since: the move leaves it out; out of that version's bounds is 400.
    const before = (await (await s.get(`/v1/playlists/${id}`, guest)).json()).snapshot_id as string;
    await s.send('DELETE', `/v1/playlists/${id}/items`, guest, json({ items: [{ uri: uri(a) }] }));
    expect((await put({ range_start: 1, insert_before: 0, snapshot_id: before })).status).toBe(200);
    expect(await entries(id)).toEqual([e, c, d, b]);
    expect((await put({ range_start: 5, insert_before: 0, snapshot_id: before })).status).toBe(400);
  });

  it('replaces every item when the PUT carries uris (body or query); an empty list clears; mixed with a reorder is 400', async () => {
    const id = (await (await create({ name: 'Replace' })).json()).id as string;
    const [a, b, c] = tracks.slice(30, 33) as [string, string, string];
    await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [a, b].map(uri) }));
    const replaced = await s.send('PUT', `/v1/playlists/${id}/items`, guest, json({ uris: [c, a].map(uri) }));
    expect(replaced.status).toBe(200);
    expect(typeof (await replaced.json()).snapshot_id).toBe('string');
    expect(await entries(id)).toEqual([c, a]);
    expect((await s.send('PUT', `/v1/playlists/${id}/items?uris=${uri(b)}`, guest)).status).toBe(200);
    expect(await entries(id)).toEqual([b]);
    expect((await s.send('PUT', `/v1/playlists/${id}/items`, guest, json({ uris: [uri(a)], range_start: 0, insert_before: 1 }))).status).toBe(400);
    expect((await s.send('PUT', `/v1/playlists/${id}/items`, guest, json({ uris: ['spotify:album:x'] }))).status).toBe(400);
    expect((await s.send('PUT', `/v1/playlists/${id}/items`, guest, json({ uris: tracks.slice(0, 101).map(uri) }))).status).toBe(400);
    expect(await entries(id)).toEqual([b]);
    expect((await s.send('PUT', `/v1/playlists/${id}/items`, guest, json({ uris: [] }))).status).toBe(200);
    expect(await entries(id)).toEqual([]);
  });

  it('lets only the owner or a collaborator reorder (the same 403 as add and remove), with the modify scope', async () => {
    const put = (id: string, token = guest) => s.send('PUT', `/v1/playlists/${id}/items`, token, json({ range_start: 0, insert_before: 2 }));
    const other = playlistId('Bhangra Nights');
    const before = (await (await s.get(`/v1/playlists/${other}`, guest)).json()).snapshot_id;
    const refused = await put(other);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe("You cannot reorder items in a playlist you don't own.");
    expect((await s.send('PUT', `/v1/playlists/${other}/items`, guest, json({ uris: [uri(tracks[0]!)] }))).status).toBe(403);
    expect((await (await s.get(`/v1/playlists/${other}`, guest)).json()).snapshot_id).toBe(before);
    // Shared with Friends is collaborative: another user may reorder it.
    const shared = playlistId('Shared with Friends');
    expect((await put(shared, s.token('free', EDIT_SCOPES))).status).toBe(200);
    expect((await put(playlistId('Road Trip'), s.token('guest'))).status).toBe(403);
  });

  it('changes name and description (markup kept as text), refuses an empty name, and bumps the snapshot', async () => {
    const made = await (await create({ name: 'Before' })).json();
    const put = (body: unknown) => s.send('PUT', `/v1/playlists/${made.id}`, guest, json(body));
    expect((await put({ name: 'After', description: '<script>x</script>' })).status).toBe(200);
    const after = await (await s.get(`/v1/playlists/${made.id}`, guest)).json();
    expect(after).toMatchObject({ name: 'After', description: '<script>x</script>' });
    expect(after.snapshot_id).not.toBe(made.snapshot_id);
    expect((await put({ name: '' })).status).toBe(400);
    expect((await put({ description: 5 })).status).toBe(400);
    // Spotify's answer to an emptied description (spotify/web-api#1011): refused, the old one stays.
    const emptied = await put({ name: 'Again', description: '' });
    expect(emptied.status).toBe(400);
    expect((await emptied.json()).error.message).toBe('Attribute description is empty.');
    expect(await (await s.get(`/v1/playlists/${made.id}`, guest)).json()).toMatchObject({ name: 'After', description: '<script>x</script>' });
  });

  it('removes a playlist from the library: the owner\'s own and a followed one', async () => {
    const own = (await (await create({ name: 'Going' })).json()).id as string;
    const listed = async () => ((await (await s.get('/v1/me/playlists?limit=50', guest)).json()).items as { id: string }[]).map((p) => p.id);
    expect(await listed()).toContain(own);
    const inLibrary = async () => (await (await s.get(`/v1/me/library/contains?uris=spotify:playlist:${own}`, guest)).json()) as boolean[];
    expect(await inLibrary()).toEqual([true]);
    expect((await s.send('DELETE', `/v1/playlists/${own}/followers`, guest)).status).toBe(200);
    expect(await listed()).not.toContain(own);
    // Contains answers for the owner's own as me/playlists lists it: out, then back.
    expect(await inLibrary()).toEqual([false]);
    expect((await s.send('PUT', `/v1/playlists/${own}/followers`, guest)).status).toBe(200);
    expect(await inLibrary()).toEqual([true]);
    expect((await s.send('DELETE', `/v1/playlists/${own}/followers`, guest)).status).toBe(200);
    const followed = playlistId('Bollywood Hits');
    if (profile === 'extended') {
      expect(await listed()).toContain(followed);
      expect((await s.send('DELETE', `/v1/playlists/${followed}/followers`, guest)).status).toBe(200);
      expect(await listed()).not.toContain(followed);
    }
  });

  it(`answers the older forms ${profile === 'extended' ? 'as the new ones' : 'with 403'}`, async () => {
    const id = playlistId('Road Trip');
    const older = [
      await s.send('POST', '/v1/users/guest/playlists', guest, json({ name: 'Old form' })),
      await s.send('POST', `/v1/playlists/${id}/tracks`, guest, json({ uris: [uri(tracks[7]!)] })),
      await s.send('DELETE', `/v1/playlists/${id}/tracks`, guest, json({ tracks: [{ uri: uri(tracks[7]!) }] })),
      // A move onto itself: later tests read Road Trip's order.
      await s.send('PUT', `/v1/playlists/${id}/tracks`, guest, json({ range_start: 0, insert_before: 1 })),
    ].map((r) => r.status);
    expect(older).toEqual(profile === 'extended' ? [201, 201, 200, 200] : [403, 403, 403, 403]);
    if (profile === 'extended') expect((await s.send('POST', '/v1/users/free/playlists', guest, json({ name: 'x' }))).status).toBe(403);
  });

  it('keeps changes across a restart, and a reset undoes them', async () => {
    const id = playlistId('Road Trip');
    const made = (await (await create({ name: 'Kept' })).json()).id as string;
    const before = await entries(id);
    await s.send('POST', `/v1/playlists/${id}/items`, guest, json({ uris: [uri(tracks[9]!)] }));
    await s.send('PUT', `/v1/playlists/${id}`, guest, json({ name: 'Road Trip 2' }));
    await s.stop({ keepData: true });
    s = await startSandbox({ apiProfile: profile, dataDir: s.dataDir });
    guest = s.token('guest', EDIT_SCOPES);
    expect((await entries(id)).at(-1)).toBe(tracks[9]);
    expect((await (await s.get(`/v1/playlists/${made}`, guest)).json()).name).toBe('Kept');
    expect((await fetch(`${s.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect(await entries(id)).toEqual(before);
    expect((await (await s.get(`/v1/playlists/${id}`, guest)).json()).name).toBe('Road Trip');
    expect((await s.get(`/v1/playlists/${made}`, guest)).status).toBe(404);
  });
});

describe('a reorder rebased on the version it was made against', () => {
  it('is the plain reorder when that version is the current one, for every range and place', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (let rangeStart = 0; rangeStart < items.length; rangeStart++) {
      for (let rangeLength = 1; rangeStart + rangeLength <= items.length; rangeLength++) {
        for (let insertBefore = 0; insertBefore <= items.length; insertBefore++) {
          const reorder = { rangeStart, rangeLength, insertBefore, snapshotId: undefined };
          expect(rebasedReorder(items, items, items, reorder), JSON.stringify(reorder)).toEqual(reorderItems(items, reorder));
        }
      }
    }
  });
});
