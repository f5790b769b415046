import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
let token: string;
let ids: { artist: string; album: string; track: string; playlist: string; bigAlbum: string };
beforeAll(async () => {
  s = await startSandbox();
  token = (await s.signIn()).access_token;
  const db = s.sandbox.db;
  const id = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
  ids = {
    artist: id('SELECT artist_id AS id FROM album_artists GROUP BY artist_id ORDER BY count(*) DESC, artist_id LIMIT 1'),
    album: id("SELECT id FROM albums WHERE album_type = 'album' ORDER BY id LIMIT 1"),
    bigAlbum: id('SELECT id FROM albums WHERE total_tracks >= 12 ORDER BY id LIMIT 1'),
    track: id("SELECT id FROM tracks WHERE name <> '' ORDER BY id LIMIT 1"),
    playlist: id("SELECT id FROM playlists WHERE name = 'Top 50 - English'"),
  };
});
afterAll(async () => s.stop());

const json = async (path: string, status = 200) => {
  const answer = await s.get(path, token);
  expect(answer.status, path).toBe(status);
  return answer.json();
};
const expectPaging = (page: Record<string, unknown>, limit: number, offset: number) => {
  expect(Object.keys(page).sort()).toEqual(['href', 'items', 'limit', 'next', 'offset', 'previous', 'total']);
  expect(page.limit).toBe(limit);
  expect(page.offset).toBe(offset);
  expect((page.items as unknown[]).length).toBeLessThanOrEqual(limit);
};

describe('artists', () => {
  it('full artist, albums paged, top tracks and related artists', async () => {
    const artist = await json(`/v1/artists/${ids.artist}`);
    expect(artist).toMatchObject({ id: ids.artist, type: 'artist', uri: `spotify:artist:${ids.artist}` });
    expect(typeof artist.followers.total).toBe('number');
    const albums = await json(`/v1/artists/${ids.artist}/albums?limit=2&offset=1`);
    expectPaging(albums, 2, 1);
    expect(albums.previous).toContain('offset=0');
    expect(albums.items[0].album_group).toBeDefined();
    const top = await json(`/v1/artists/${ids.artist}/top-tracks?market=IN`);
    expect(top.tracks.length).toBeGreaterThan(0);
    expect(top.tracks.length).toBeLessThanOrEqual(10);
    const pops = top.tracks.map((t: { popularity: number }) => t.popularity);
    expect([...pops].sort((a, b) => b - a)).toEqual(pops);
    const related = await json(`/v1/artists/${ids.artist}/related-artists`);
    expect(related.artists.length).toBeGreaterThan(0);
    expect(related.artists.map((a: { id: string }) => a.id)).not.toContain(ids.artist);
  });
});

describe('albums and tracks', () => {
  it('full album with its tracks; album tracks paged; one track', async () => {
    const album = await json(`/v1/albums/${ids.bigAlbum}`);
    expect(album).toMatchObject({ id: ids.bigAlbum, type: 'album' });
    expect(album.tracks.items).toHaveLength(album.total_tracks);
    expect(album.release_date.slice(0, 4)).toMatch(/^\d{4}$/);
    const page = await json(`/v1/albums/${ids.bigAlbum}/tracks?limit=10&offset=0`);
    expectPaging(page, 10, 0);
    expect(page.total).toBe(album.total_tracks);
    expect(page.next).toContain('offset=10');
    const rest = await json(`/v1/albums/${ids.bigAlbum}/tracks?limit=10&offset=10`);
    expect(rest.next).toBeNull();
    expect(rest.items.length).toBe(album.total_tracks - 10);
    const track = await json(`/v1/tracks/${ids.track}`);
    expect(track).toMatchObject({ id: ids.track, type: 'track' });
    // The track's album is the album itself, pictures included (the card and player show them).
    const trackAlbum = await json(`/v1/albums/${track.album.id}`);
    expect(track.album).toMatchObject({ id: trackAlbum.id, name: trackAlbum.name, images: trackAlbum.images });
    expect(track.artists[0].id).toMatch(/^[0-9A-Za-z]{22}$/);
  });
});

describe('playlists and browse', () => {
  it('playlist object with owner, followers and first entries; tracks paged', async () => {
    const playlist = await json(`/v1/playlists/${ids.playlist}`);
    expect(playlist).toMatchObject({ id: ids.playlist, type: 'playlist', owner: { id: 'spotify', display_name: 'Spotify' } });
    expect(playlist.tracks.total).toBe(50);
    expect(playlist.followers.total).toBeGreaterThan(1000);
    const page = await json(`/v1/playlists/${ids.playlist}/tracks?limit=10&offset=40`);
    expectPaging(page, 10, 40);
    expect(page.next).toBeNull();
    expect(page.items[0]).toHaveProperty('added_at');
    expect(page.items[0].track.type).toBe('track');
    const items = await json(`/v1/playlists/${ids.playlist}/items?limit=3`);
    expect(items.items[0].item).toEqual(items.items[0].track);
  });

  it('new releases newest first, featured playlists, one category', async () => {
    const { albums } = await json('/v1/browse/new-releases?limit=10&offset=0&market=IN');
    expectPaging(albums, 10, 0);
    const dates = albums.items.map((a: { release_date: string }) => a.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const featured = await json('/v1/browse/featured-playlists?limit=5');
    expect(featured.message).toBeTruthy();
    expectPaging(featured.playlists, 5, 0);
    expect((await json('/v1/browse/categories/pop')).name).toBe('Pop');
    await json('/v1/browse/categories/nope/playlists', 404);
  });
});

describe('search', () => {
  it('answers every requested type with paging objects, ranked, with offset', async () => {
    const result = await json('/v1/search?q=a&type=track,artist,album,playlist&limit=10&offset=0');
    for (const key of ['tracks', 'artists', 'albums', 'playlists']) expectPaging(result[key], 10, 0);
    const page2 = await json('/v1/search?q=a&type=track&limit=10&offset=10');
    expect(page2.tracks.items[0].id).not.toBe(result.tracks.items[0].id);
    const artist = await json(`/v1/artists/${ids.artist}`);
    const byName = await json(`/v1/search?q=${encodeURIComponent(artist.name)}&type=artist&limit=5`);
    expect(byName.artists.items.map((a: { name: string }) => a.name)[0]).toBe(artist.name);
    expect(byName.artists.items.map((a: { id: string }) => a.id)).toContain(ids.artist);
  });

  it('finds nothing for text without words, and rejects missing q or bad type', async () => {
    const empty = await json('/v1/search?q=%F0%9F%8E%B5%F0%9F%94%A5&type=track');
    expect(empty.tracks.total).toBe(0);
    await json('/v1/search?type=track', 400);
    await json('/v1/search?q=x&type=song', 400);
    await json('/v1/search?q=x', 400);
  });
});

describe('me, users and the library', () => {
  it('profile, own playlists, top items, following', async () => {
    const me = await json('/v1/me');
    expect(me).toMatchObject({ id: 'guest', display_name: 'Guest', product: 'premium', email: 'guest@mymusic.test', type: 'user' });
    expect(me.images).toHaveLength(2);
    const playlists = await json('/v1/me/playlists?limit=20');
    expect(playlists.items.some((p: { owner: { id: string } }) => p.owner.id === 'guest')).toBe(true);
    const artists = await json('/v1/me/top/artists?time_range=short_term&limit=10&offset=0');
    expectPaging(artists, 10, 0);
    await json('/v1/me/top/albums', 400);
    await json('/v1/me/top/tracks?time_range=forever', 400);
    const following = await json('/v1/me/following?type=artist&limit=10');
    expect(following.artists.items).toHaveLength(10);
    expect(following.artists.total).toBe(25);
    const next = await json(`/v1/me/following?type=artist&limit=10&after=${following.artists.cursors.after}`);
    expect(next.artists.items[0].id > following.artists.items[9].id).toBe(true);
  });

  it('save, check and remove albums and tracks; follow and unfollow artists and users', async () => {
    const put = (path: string) => s.send('PUT', path, token);
    const del = (path: string) => s.send('DELETE', path, token);
    expect(await json(`/v1/me/albums/contains?ids=${ids.album}`)).toEqual([false]);
    expect((await put(`/v1/me/albums?ids=${ids.album}`)).status).toBe(200);
    expect(await json(`/v1/me/albums/contains?ids=${ids.album}`)).toEqual([true]);
    const saved = await json('/v1/me/albums?limit=1');
    expect(saved.items[0].album.id).toBe(ids.album);
    expect(saved.items[0].added_at).toMatch(/Z$/);
    expect((await del(`/v1/me/albums?ids=${ids.album}`)).status).toBe(200);
    expect(await json(`/v1/me/albums/contains?ids=${ids.album}`)).toEqual([false]);

    expect((await s.send('PUT', '/v1/me/tracks', token, JSON.stringify({ ids: [ids.track] }))).status).toBe(200);
    expect(await json(`/v1/me/tracks/contains?ids=${ids.track}`)).toEqual([true]);
    expect((await json('/v1/me/tracks?limit=1')).items[0].track.id).toBe(ids.track);

    expect((await put(`/v1/me/following?type=user&ids=olu.adeyemi`)).status).toBe(204);
    expect(await json('/v1/me/following/contains?type=user&ids=olu.adeyemi,marie.dubois')).toEqual([true, false]);
    expect((await del(`/v1/me/following?type=artist&ids=${ids.artist}`)).status).toBe(204);
    expect(await json(`/v1/me/following/contains?type=artist&ids=${ids.artist}`)).toEqual([false]);
    expect((await put(`/v1/me/following?type=artist&ids=${ids.artist}`)).status).toBe(204);
    expect(await json(`/v1/me/following/contains?type=artist&ids=${ids.artist}`)).toEqual([true]);
  });

  it('the 2026 library calls take URIs in the query string, at most 40', async () => {
    const uris = [`spotify:track:${ids.track}`, `spotify:album:${ids.album}`, 'spotify:user:yuki.tanaka'];
    expect((await s.send('DELETE', `/v1/me/library?uris=${uris.join(',')}`, token)).status).toBe(200);
    expect(await json(`/v1/me/library/contains?uris=${uris.join(',')}`)).toEqual([false, false, false]);
    expect((await s.send('PUT', `/v1/me/library?uris=${uris.join(',')}`, token)).status).toBe(200);
    expect(await json(`/v1/me/library/contains?uris=${uris.join(',')}`)).toEqual([true, true, true]);
    expect(await json(`/v1/me/tracks/contains?ids=${ids.track}`)).toEqual([true]);
    const tooMany = Array.from({ length: 41 }, () => uris[0]).join(',');
    await json(`/v1/me/library/contains?uris=${tooMany}`, 400);
    await json('/v1/me/library/contains?uris=spotify:track:short', 400);
  });
});
