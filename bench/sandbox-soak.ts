/**
 * `npm run bench:load`: the sandbox under the client's request mix (bench/sandbox-load.ts
 * `clientMix`, medium catalogue) from autocannon on loopback, for a bounded time: 60 s by
 * default, `-- --seconds=N` to change it; `--connections=N` (default 8). Prints requests per
 * second, p50/p97.5/p99 latency and every status; fails (exit 1) on any connection error,
 * time-out or 5xx. `--rate-limit=N` starts the sandbox with SANDBOX_RATE_LIMIT=N: its 429s
 * are then expected and counted, not failures. Writes bench/results/sandbox-load.json.
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { clientMix, sampleCatalogue, signInGuest } from './sandbox-load';
import { startSandboxProcess } from '../sandbox/tests/process';

const option = (name: string, fallback: number) => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number (got ${raw})`);
  return value;
};
const seconds = option('seconds', 60);
const connections = option('connections', 8);
const limit = option('rate-limit', 0);
const port = Number(process.env.BENCH_SANDBOX_PORT ?? 4374);

const dataDir = join(process.cwd(), '.data-bench-medium');
mkdirSync(dataDir, { recursive: true });
const env: Record<string, string> = { SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'medium', SANDBOX_SEED: '42' };
if (limit > 0) env.SANDBOX_RATE_LIMIT = String(limit);
const server = await startSandboxProcess({ ...env, SANDBOX_PORT: String(port) });
let failed = false;
try {
  const token = await signInGuest(server.url);
  const next = clientMix(sampleCatalogue(dataDir));
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { Authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: next().path }) }],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]));
  const serverErrors = Object.entries(statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, count]) => sum + count, 0);
  const unexpected = Object.entries(statuses).filter(([status]) => Number(status) >= 300 && !(limit > 0 && status === '429'));
  const summary = {
    measuredAt: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores, 1-min load ${loadavg()[0]!.toFixed(1)}`,
    seconds: result.duration,
    connections,
    rateLimit: limit || null,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
    statuses,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    serverErrors,
  };
  console.log(
    `sandbox under the client's mix, ${summary.seconds} s, ${connections} connections${limit ? `, rate limit ${limit}/30 s` : ''}: ` +
      `${summary.requests} requests, ${summary.requestsPerSecond} req/s, latency p50 ${summary.latencyMs.p50} ms, p97.5 ${summary.latencyMs.p97_5} ms, p99 ${summary.latencyMs.p99} ms`,
  );
  console.log(`statuses ${JSON.stringify(statuses)}; connection errors ${result.errors}, time-outs ${result.timeouts}, 5xx ${serverErrors} (${summary.machine})`);
  failed = result.errors > 0 || result.timeouts > 0 || unexpected.length > 0;
  if (failed) console.error(`FAILED: errors or unexpected statuses ${JSON.stringify(Object.fromEntries(unexpected))}`);
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(process.cwd(), 'bench', 'results', 'sandbox-load.json'), JSON.stringify(summary, null, 2));
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
