import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../app';
import { startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
let token: string;
beforeAll(async () => {
  s = await startSandbox();
  token = (await s.signIn()).access_token;
});
afterAll(async () => s.stop());

const json = async (path: string) => {
  const answer = await s.get(path, token);
  expect(answer.status, path).toBe(200);
  return answer.json();
};
const all = <T>(sql: string, ...args: unknown[]) => s.sandbox.db.prepare(sql).all(...args) as T[];
const one = <T>(sql: string, ...args: unknown[]) => s.sandbox.db.prepare(sql).get(...args) as T;

describe('the generated catalogue', () => {
  it('is the same for the same seed and different for another', () => {
    const ids = (seed: number) => {
      const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
      const other = createSandbox({ size: 'small', seed, dataDir: dir, catalogueCache: false });
      const rows = other.db.prepare('SELECT id, name FROM tracks ORDER BY rowid LIMIT 50').all();
      other.close();
      rmSync(dir, { recursive: true, force: true });
      return rows;
    };
    expect(ids(42)).toEqual(all('SELECT id, name FROM tracks ORDER BY rowid LIMIT 50'));
    expect(ids(7)).not.toEqual(ids(42));
  });

  it('has the small size: about 200 artists, four albums each, about ten tracks per album', () => {
    expect(one<{ n: number }>('SELECT count(*) AS n FROM artists').n).toBe(200);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM albums').n).toBe(800);
    const tracks = one<{ n: number }>('SELECT count(*) AS n FROM tracks').n;
    expect(tracks).toBeGreaterThan(5000);
    expect(tracks).toBeLessThan(10000);
  });

  it('has artists on both sides of 1,000 followers, with genres, some without images', () => {
    expect(one<{ n: number }>('SELECT count(*) AS n FROM artists WHERE followers <= 1000').n).toBeGreaterThan(10);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM artists WHERE followers > 1000').n).toBeGreaterThan(10);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM artists WHERE genres = '[]'").n).toBe(0);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM artists WHERE has_image = 0').n).toBeGreaterThan(0);
  });

  it('has every album type and release dates across decades', () => {
    const types = all<{ album_type: string }>('SELECT DISTINCT album_type FROM albums').map((r) => r.album_type).sort();
    expect(types).toEqual(['album', 'compilation', 'single']);
    const decades = all<{ d: string }>('SELECT DISTINCT substr(release_date, 1, 3) AS d FROM albums');
    expect(decades.length).toBeGreaterThanOrEqual(6);
  });

  it('names things in several scripts', () => {
    const names = all<{ name: string }>('SELECT name FROM tracks').map((r) => r.name).join(' ');
    for (const script of [/\p{Script=Devanagari}/u, /\p{Script=Gurmukhi}/u, /\p{Script=Hangul}/u, /\p{Script=Cyrillic}/u, /\p{Script=Latin}/u]) {
      expect(names).toMatch(script);
    }
  });

  it('finds the home page playlists by search, owned by spotify', async () => {
    for (const language of ['Hindi', 'Punjabi', 'English']) {
      const result = await json(`/v1/search?q=${encodeURIComponent(`Top 50 - ${language}`)}&type=playlist&limit=1`);
      const playlist = result.playlists.items[0];
      expect(playlist.name).toBe(`Top 50 - ${language}`);
      expect(playlist.owner.id).toBe('spotify');
      const tracks = await json(`/v1/playlists/${playlist.id}/tracks?limit=5&offset=0`);
      expect(tracks.items).toHaveLength(5);
      expect(tracks.total).toBe(50);
    }
    const mixes = await json('/v1/search?q=daily%20mix&type=playlist&limit=10');
    const fromSpotify = mixes.playlists.items.filter((p: { owner: { id: string } } | null) => p?.owner.id === 'spotify');
    expect(fromSpotify.length).toBeGreaterThanOrEqual(5);
  });

  it('has categories with icons (one without) and playlists', async () => {
    const { categories } = await json('/v1/browse/categories?limit=50');
    expect(categories.total).toBeGreaterThanOrEqual(12);
    expect(categories.items.filter((c: { icons: unknown[] }) => c.icons.length === 0)).toHaveLength(1);
    for (const category of categories.items.slice(0, 4)) {
      const { playlists, message } = await json(`/v1/browse/categories/${category.id}/playlists?limit=20`);
      expect(message).toBe(category.name);
      expect(playlists.items.length).toBeGreaterThan(0);
    }
  });

  it('has six or more users with public playlists and two images each (one without any)', async () => {
    const users = all<{ owner_id: string }>("SELECT DISTINCT owner_id FROM playlists WHERE public = 1 AND owner_id NOT IN ('spotify', 'guest', 'free')");
    expect(users.length).toBeGreaterThanOrEqual(6);
    const aarav = await json('/v1/users/aarav.sharma');
    expect(aarav.images).toHaveLength(2);
    expect(aarav.display_name).toBe('Aarav Sharma');
    expect((await json('/v1/users/dmitri.volkov')).images).toEqual([]);
    const playlists = await json('/v1/users/aarav.sharma/playlists?limit=20');
    expect(playlists.total).toBeGreaterThanOrEqual(3);
  });

  it('keeps the awkward cases: null and empty-name entries, HTML and empty descriptions, long names, missing images', async () => {
    const odd = one<{ id: string }>("SELECT id FROM playlists WHERE name = 'Odd Ones Out'");
    const entries = await json(`/v1/playlists/${odd.id}/tracks`);
    expect(entries.items.some((e: { track: unknown }) => e.track === null)).toBe(true);
    expect(entries.items.some((e: { track: { name: string } | null }) => e.track?.name === '')).toBe(true);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM playlists WHERE description LIKE '%<a href=%'").n).toBeGreaterThan(0);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM playlists WHERE description = ''").n).toBeGreaterThan(0);
    expect(one<{ n: number }>('SELECT max(length(name)) AS n FROM albums').n).toBeGreaterThan(200);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM albums WHERE has_image = 0').n).toBeGreaterThan(0);
    const search = await json('/v1/search?q=lost%20mixtape&type=playlist');
    expect(search.playlists.items).toContain(null);
  });

  it('gives the guest recent plays with a track played twice, and top items from them', async () => {
    const recent = await json('/v1/me/player/recently-played?limit=50');
    expect(recent.items).toHaveLength(50);
    const ids = recent.items.map((i: { track: { id: string } }) => i.track.id);
    expect(new Set(ids).size).toBeLessThan(ids.length);
    expect(ids[0]).toBe(ids[2]);
    const top = await json('/v1/me/top/tracks?time_range=short_term&limit=10');
    expect(top.items).toHaveLength(10);
    expect(top.total).toBeGreaterThan(10);
  });
});
