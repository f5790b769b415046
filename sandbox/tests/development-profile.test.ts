import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
let token: string;
const id = (sql: string) => (s.sandbox.db.prepare(sql).get() as { id: string }).id;
beforeAll(async () => {
  s = await startSandbox({ apiProfile: 'development' });
  token = (await s.signIn()).access_token;
});
afterAll(async () => s.stop());

const call = (path: string, method = 'GET') => s.send(method, path, token);

describe('SANDBOX_API_PROFILE=development (DESIGN §2)', () => {
  it('answers the removed endpoints 403 or 404', async () => {
    const artist = id('SELECT id FROM artists ORDER BY id LIMIT 1');
    const album = id('SELECT id FROM albums ORDER BY id LIMIT 1');
    const expectations: [string, string, number][] = [
      ['GET', `/v1/artists/${artist}/top-tracks`, 403],
      ['GET', `/v1/artists/${artist}/related-artists`, 404],
      ['GET', '/v1/browse/new-releases', 403],
      ['GET', '/v1/browse/categories', 403],
      ['GET', '/v1/browse/categories/pop/playlists', 404],
      ['GET', '/v1/browse/featured-playlists', 404],
      ['GET', '/v1/users/aarav.sharma', 403],
      ['GET', '/v1/users/aarav.sharma/playlists', 403],
      ['PUT', `/v1/me/albums?ids=${album}`, 403],
      ['GET', `/v1/me/albums/contains?ids=${album}`, 403],
      ['DELETE', `/v1/me/following?type=artist&ids=${artist}`, 403],
    ];
    for (const [method, path, status] of expectations) {
      const answer = await call(path, method);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect((await answer.json()).error.status).toBe(status);
    }
  });

  it('keeps the list endpoints', async () => {
    for (const path of ['/v1/me/tracks', '/v1/me/albums', '/v1/me/following?type=artist', '/v1/me/playlists', '/v1/me/top/tracks', '/v1/me/player/recently-played']) {
      expect((await call(path)).status, path).toBe(200);
    }
  });

  it('hides the provider-owned playlists', async () => {
    const top50 = id("SELECT id FROM playlists WHERE name = 'Top 50 - Hindi'");
    expect((await call(`/v1/playlists/${top50}`)).status).toBe(404);
    const search = await (await call('/v1/search?q=daily%20mix&type=playlist&limit=10')).json();
    expect(search.playlists.items.filter((p: { owner: { id: string } } | null) => p?.owner.id === 'spotify')).toEqual([]);
  });

  it('caps search at 10 (default 5) and artist albums at 10', async () => {
    expect((await call('/v1/search?q=a&type=track&limit=20')).status).toBe(400);
    const search = await (await call('/v1/search?q=a&type=track')).json();
    expect(search.tracks.limit).toBe(5);
    expect((await call('/v1/search?q=a&type=track&limit=10&offset=1001')).status).toBe(400);
    const artist = id('SELECT id FROM artists ORDER BY id LIMIT 1');
    expect((await call(`/v1/artists/${artist}/albums?limit=20`)).status).toBe(400);
    expect((await call(`/v1/artists/${artist}/albums?limit=10`)).status).toBe(200);
  });

  it('drops followers, popularity, email, product, country, label and markets', async () => {
    const artist = await (await call(`/v1/artists/${id('SELECT id FROM artists ORDER BY id LIMIT 1')}`)).json();
    expect(artist).not.toHaveProperty('followers');
    expect(artist).not.toHaveProperty('popularity');
    const me = await (await call('/v1/me')).json();
    for (const field of ['followers', 'email', 'product', 'country']) expect(me).not.toHaveProperty(field);
    const album = await (await call(`/v1/albums/${id('SELECT id FROM albums ORDER BY id LIMIT 1')}`)).json();
    for (const field of ['label', 'popularity', 'available_markets']) expect(album).not.toHaveProperty(field);
    expect(album.tracks.items[0]).not.toHaveProperty('available_markets');
    const track = await (await call(`/v1/tracks/${id('SELECT id FROM tracks ORDER BY id LIMIT 1')}`)).json();
    expect(track).not.toHaveProperty('popularity');
  });

  it('renames tracks to items and serves entries only to the owner', async () => {
    const own = id("SELECT id FROM playlists WHERE name = 'Road Trip'");
    const other = id("SELECT id FROM playlists WHERE name = 'Bhangra Nights'");
    const mine = await (await call(`/v1/playlists/${own}`)).json();
    expect(mine).not.toHaveProperty('tracks');
    expect(mine.items.items[0]).toHaveProperty('item');
    expect(mine.items.items[0]).toHaveProperty('track');
    expect((await call(`/v1/playlists/${own}/items?limit=5`)).status).toBe(200);
    expect((await call(`/v1/playlists/${own}/tracks`)).status).toBe(404);
    const theirs = await (await call(`/v1/playlists/${other}`)).json();
    expect(theirs.name).toBe('Bhangra Nights');
    expect(theirs).not.toHaveProperty('items');
    expect((await call(`/v1/playlists/${other}/items`)).status).toBe(403);
    const listed = await (await call('/v1/me/playlists')).json();
    expect(listed.items[0]).toHaveProperty('items.total');
    expect(listed.items[0]).not.toHaveProperty('tracks');
  });

  it('serves the library through /me/library', async () => {
    const track = id('SELECT id FROM tracks ORDER BY id LIMIT 1');
    expect((await call(`/v1/me/library?uris=spotify:track:${track},spotify:artist:${id('SELECT id FROM artists ORDER BY id LIMIT 1')}`, 'PUT')).status).toBe(200);
    expect(await (await call(`/v1/me/library/contains?uris=spotify:track:${track}`)).json()).toEqual([true]);
  });
});
