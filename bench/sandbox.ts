/**
 * `npm run bench:sandbox`: the sandbox provider's speed. A mix of the client's own calls
 * at the medium size (requests per second, p50 and p95 latency, overall and per call), and
 * search alone at the large size: one request at a time (its answer time; the budget: p95 ≤ 10 ms)
 * and 4 in flight (throughput; a single-threaded server queues them). Each size runs as its own process on a data
 * directory kept between runs (.data-bench-<size>/, git-ignored); --fresh regenerates it,
 * and the generation time is then reported too. Prints a table, writes bench/results/sandbox.json.
 */
import Database from 'better-sqlite3';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { cpuMs, drive, signInGuest, startServer, summarise, type Sample } from './sandbox-load';

const PORT = Number(process.env.SANDBOX_BENCH_PORT ?? 4373);
const SECONDS = Number(process.env.SANDBOX_BENCH_SECONDS ?? 10);
const CONCURRENCY = 8;
const fresh = process.argv.includes('--fresh');

let seed = 12345;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

function sampleCatalogue(dataDir: string) {
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

type Catalogue = ReturnType<typeof sampleCatalogue>;

function searchQuery(c: Catalogue): string {
  const words = pick(c.words).split(' ');
  const r = random();
  const text = r < 0.3 ? words[0]!.slice(0, Math.max(2, Math.ceil(words[0]!.length / 2))) : words.slice(0, 2).join(' ');
  return encodeURIComponent(text);
}

/** The client's calls (SPEC §7), weighted roughly as a browsing session makes them. */
function clientMix(c: Catalogue): () => { name: string; path: string } {
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

async function runSize(size: 'medium' | 'large', mix: (c: Catalogue) => () => { name: string; path: string }, concurrency: number) {
  const dataDir = join(process.cwd(), `.data-bench-${size}`);
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer({ SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: size, SANDBOX_SEED: '42' }, PORT);
  try {
    const token = await signInGuest(server.url);
    const catalogue = sampleCatalogue(dataDir);
    const next = mix(catalogue);
    await drive(server.url, token, next, concurrency, 2); // warm-up: caches, JIT
    const cpuBefore = cpuMs(server.child.pid);
    const { samples, elapsedMs } = await drive(server.url, token, next, concurrency, SECONDS);
    const cpuAfter = cpuMs(server.child.pid);
    // CPU per request does not depend on what else the machine is doing, unlike latency.
    const cpuMsPerRequest = cpuBefore !== undefined && cpuAfter !== undefined ? Number(((cpuAfter - cpuBefore) / samples.length).toFixed(2)) : null;
    const byName = new Map<string, Sample[]>();
    for (const sample of samples) byName.set(sample.name, [...(byName.get(sample.name) ?? []), sample]);
    const calls = Object.fromEntries([...byName].map(([name, list]) => [name, summarise(list, elapsedMs)]));
    return { size, startupMs: server.startupMs, concurrency, seconds: SECONDS, cpuMsPerRequest, loadAverage: loadavg()[0]!.toFixed(1), overall: summarise(samples, elapsedMs), calls };
  } finally {
    await server.stop();
  }
}

const medium = await runSize('medium', clientMix, CONCURRENCY);
const largeSearch = (c: Catalogue) => () => ({ name: 'search (4 types)', path: `/v1/search?q=${searchQuery(c)}&type=artist,album,playlist,track&limit=10&offset=0` });
const largeAlone = await runSize('large', largeSearch, 1);
const large = await runSize('large', largeSearch, 4);
const SEARCH_BUDGET_MS = 10;

const rows: string[][] = [['size ×in flight', 'call', 'requests', 'req/s', 'p50 ms', 'p95 ms', '5xx']];
for (const run of [medium, largeAlone, large]) {
  rows.push([`${run.size} ×${run.concurrency}`, 'ALL', ...[run.overall.requests, run.overall.rps, run.overall.p50, run.overall.p95, run.overall.errors].map(String)]);
  for (const [name, s] of Object.entries(run.calls).sort()) rows.push([`${run.size} ×${run.concurrency}`, name, ...[s.requests, s.rps, s.p50, s.p95, s.errors].map(String)]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
console.log(`\nBudget: a four-type search at the large size answers with p95 ≤ ${SEARCH_BUDGET_MS} ms (one at a time): p95 ${largeAlone.overall.p95} ms ${largeAlone.overall.p95 <= SEARCH_BUDGET_MS ? 'met' : 'MISSED'}; with 4 in flight p95 ${large.overall.p95} ms`);
console.log(`sandbox CPU per request: medium ${medium.cpuMsPerRequest} ms, large search ${large.cpuMsPerRequest} ms; 1-min load average ${medium.loadAverage} / ${large.loadAverage} on ${cpus().length} cores`);
console.log(`startup (incl. generation when the data dir was empty): medium ${medium.startupMs} ms, large ${large.startupMs} ms; ${CONCURRENCY} (medium) and 4 (large) requests in flight, ${SECONDS} s each; ${new Date().toISOString()}`);

mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
const file = join(process.cwd(), 'bench', 'results', 'sandbox.json');
writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, medium, largeAlone, large, largeSearchP95Ms: largeAlone.overall.p95, largeSearchP95MsFourInFlight: large.overall.p95 }, null, 2));
console.log(`Written: ${file}`);
