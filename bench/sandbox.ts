/**
 * `npm run bench:sandbox`: the sandbox provider's speed. A mix of the client's own calls
 * at the medium size (requests per second, p50 and p95 latency, overall and per call), and
 * search alone at the large size: one request at a time (its answer time; the budget: p95 ≤ 10 ms)
 * and 4 in flight (throughput; a single-threaded server queues them). Each size runs as its own process on a data
 * directory kept between runs (.data-bench-<size>/, git-ignored); --fresh regenerates it,
 * and the generation time is then reported too. Prints a table, writes bench/results/sandbox.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { clientMix, cpuMs, drive, sampleCatalogue, searchQuery, signInGuest, summarise, type Catalogue, type Sample } from './sandbox-load';
import { startSandboxProcess } from '../sandbox/tests/process';

const PORT = Number(process.env.SANDBOX_BENCH_PORT ?? 4373);
const SECONDS = Number(process.env.SANDBOX_BENCH_SECONDS ?? 10);
const CONCURRENCY = 8;
const fresh = process.argv.includes('--fresh');

async function runSize(size: 'medium' | 'large', mix: (c: Catalogue) => () => { name: string; path: string }, concurrency: number) {
  const dataDir = join(process.cwd(), `.data-bench-${size}`);
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await startSandboxProcess({ SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: size, SANDBOX_SEED: '42', SANDBOX_PORT: String(PORT) });
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
