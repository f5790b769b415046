/**
 * Helpers for bench/sandbox.ts and bench/sandbox-soak.ts, which run the sandbox as its own
 * process (sandbox/tests/process.ts) so the load generator does not share its event loop:
 * sign in through the real code flow, the client's request mix, and drive requests.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from '../sandbox/tests/oauth';

/** The scopes the bench's request mix reads with. */
const MIX_SCOPES = ['user-read-private', 'user-read-email', 'user-library-read', 'user-follow-read', 'user-top-read', 'user-read-recently-played', 'playlist-read-private'];

/** The guest signs in through the sign-in form and the token endpoint, like the site does. */
export async function signInGuest(url: string): Promise<string> {
  return (await signIn(url, MIX_SCOPES)).access_token;
}

export interface Sample {
  name: string;
  ms: number;
  status: number;
}

/** Sends requests from `next()` with `concurrency` in flight for `seconds`, recording each one. */
export async function drive(url: string, token: string, next: () => { name: string; path: string }, concurrency: number, seconds: number) {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const { name, path } = next();
      const start = performance.now();
      const answer = await fetch(url + path, { headers: { Authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      samples.push({ name, ms: performance.now() - start, status: answer.status });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, elapsedMs: performance.now() - started };
}

/** CPU time (user + system, ms) the process has used so far, from /proc; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The true median: the middle value, or the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(samples: Sample[], elapsedMs: number) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.status >= 500).length,
    rps: Math.round((samples.length / elapsedMs) * 1000),
    p50: Number(percentile(ms, 50).toFixed(2)),
    p95: Number(percentile(ms, 95).toFixed(2)),
  };
}

// A fixed-seed generator: every run asks the same sequence of calls.
let seed = 12345;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

/** Ids and words of the catalogue in `dataDir`, sampled to build requests from. */
export function sampleCatalogue(dataDir: string) {
  const db = new Database(join(dataDir, 'sandbox.db'), { readonly: true });
  const ids = (sql: string) => (db.prepare(sql).all() as { id: string }[]).map((r) => r.id);
  const data = {
    artists: ids('SELECT id FROM artists ORDER BY random() LIMIT 500'),
    albums: ids('SELECT id FROM albums ORDER BY random() LIMIT 500'),
    tracks: ids('SELECT id FROM tracks ORDER BY random() LIMIT 500'),
    playlists: ids("SELECT id FROM playlists WHERE public = 1 AND unavailable = 0"),
    categories: ids('SELECT id FROM categories'),
    users: ids("SELECT id FROM users WHERE id NOT IN ('guest', 'free')"),
    // Queries people type: whole words and prefixes of real names, one or two words.
    words: (db.prepare("SELECT name FROM tracks WHERE name <> '' ORDER BY random() LIMIT 400").all() as { name: string }[]).map((r) => r.name),
  };
  db.close();
  return data;
}

export type Catalogue = ReturnType<typeof sampleCatalogue>;

/** A query as people type it: a prefix of a real word, or one or two whole words. */
export function searchQuery(c: Catalogue): string {
  const words = pick(c.words).split(' ');
  const r = random();
  const text = r < 0.3 ? words[0]!.slice(0, Math.max(2, Math.ceil(words[0]!.length / 2))) : words.slice(0, 2).join(' ');
  return encodeURIComponent(text);
}

/** The client's calls (SPEC §7), weighted roughly as a browsing session makes them. */
export function clientMix(c: Catalogue): () => { name: string; path: string } {
  const calls: [string, number, () => string][] = [
    ['me', 2, () => '/v1/me'],
    ['artist', 3, () => `/v1/artists/${pick(c.artists)}`],
    ['artist albums', 2, () => `/v1/artists/${pick(c.artists)}/albums?limit=10&offset=0`],
    ['artist top tracks', 2, () => `/v1/artists/${pick(c.artists)}/top-tracks?market=IN`],
    ['related artists', 2, () => `/v1/artists/${pick(c.artists)}/related-artists`],
    ['album', 3, () => `/v1/albums/${pick(c.albums)}`],
    ['album tracks', 2, () => `/v1/albums/${pick(c.albums)}/tracks?limit=10&offset=0`],
    ['playlist', 3, () => `/v1/playlists/${pick(c.playlists)}`],
    ['playlist tracks', 3, () => `/v1/playlists/${pick(c.playlists)}/tracks?limit=10&offset=0`],
    ['new releases', 1, () => '/v1/browse/new-releases?limit=10&offset=0&market=IN'],
    ['categories', 1, () => '/v1/browse/categories?limit=20&offset=0'],
    ['category playlists', 1, () => `/v1/browse/categories/${pick(c.categories)}/playlists?limit=20&offset=0`],
    ['search (4 types)', 4, () => `/v1/search?q=${searchQuery(c)}&type=artist,album,playlist,track&limit=10&offset=0`],
    ['saved tracks', 2, () => '/v1/me/tracks?limit=20&offset=0'],
    ['saved albums', 1, () => '/v1/me/albums?limit=20&offset=0'],
    ['tracks contains', 2, () => `/v1/me/tracks/contains?ids=${pick(c.tracks)}`],
    ['recently played', 1, () => '/v1/me/player/recently-played?limit=50'],
    ['top artists', 1, () => '/v1/me/top/artists?time_range=short_term&limit=10&offset=0'],
    ['following', 1, () => '/v1/me/following?type=artist&limit=10'],
    ['user', 1, () => `/v1/users/${pick(c.users)}`],
  ];
  const bag = calls.flatMap(([name, weight, path]) => Array.from({ length: weight }, () => ({ name, path })));
  return () => {
    const call = pick(bag);
    return { name: call.name, path: call.path() };
  };
}
