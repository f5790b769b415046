// `npm test`: every check the project has, in order, stopping at the first that
// fails with one line naming it. Type check, lint, unit tests, build, then the
// end-to-end tests in a real Chromium against the built site and a fresh sandbox.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuilt } from './lib/build.mjs';
import { ROOT, bin } from './lib/paths.mjs';
import { redisServerPath } from './lib/redis.mjs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(signal ? `killed by ${signal}` : `exit code ${code}`)),
    );
  });
}

/** Finds Chromium, installing Debian's package when we are root with apt-get; returns its path. */
async function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  }
  if (existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() === 0 && hasApt) {
    console.log('Chromium not found: installing Debian\'s chromium package (apt-get)...');
    await run('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
    throw new Error(`apt-get installed chromium but ${DEFAULT_CHROMIUM} is still missing`);
  }
  console.error('Chromium not found. Install it with this one command, then run npm test again:');
  console.error('  sudo apt-get update && sudo apt-get install -y chromium');
  console.error('(or set CHROMIUM_PATH to a Chromium or Chrome binary)');
  process.exit(1);
}

/** Finds redis-server (the e2e suite runs site instances on a real Redis), installing Debian's package when we are root with apt-get. */
async function ensureRedis() {
  const found = redisServerPath();
  if (found) return found;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() === 0 && hasApt) {
    console.log('redis-server not found: installing Debian\'s redis-server package (apt-get)...');
    await run('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'], { DEBIAN_FRONTEND: 'noninteractive' });
    const installed = redisServerPath();
    if (installed) return installed;
    throw new Error('apt-get installed redis-server but it is still missing');
  }
  console.error('redis-server not found. Install it with this one command, then run npm test again:');
  console.error('  sudo apt-get update && sudo apt-get install -y redis-server');
  console.error('(or set REDIS_SERVER_PATH to a redis-server binary)');
  process.exit(1);
}

let chromium = DEFAULT_CHROMIUM;
let redisServer = null;

/** The steps, in order. Each is a name, what it runs (for the failure line), and the work. */
const steps = [
  ['chromium', 'CHROMIUM_PATH or /usr/bin/chromium', async () => (chromium = await ensureChromium())],
  ['redis-server', 'REDIS_SERVER_PATH, /usr/bin/redis-server or PATH', async () => (redisServer = await ensureRedis())],
  ['type check (site)', 'astro check', () => run(bin('astro'), ['check'], { ASTRO_TELEMETRY_DISABLED: '1' })],
  ['type check (sandbox)', 'tsc -p sandbox/tsconfig.json --noEmit', () =>
    run(bin('tsc'), ['-p', 'sandbox/tsconfig.json', '--noEmit'])],
  ['lint', 'eslint .', () => run(bin('eslint'), ['.'])],
  ['unit tests', 'vitest run', () => run(bin('vitest'), ['run'], { REDIS_SERVER_PATH: redisServer })],
  ['build', 'astro build', () => ensureBuilt()],
  ['end-to-end tests', 'playwright test', () => run(bin('playwright'), ['test'], { CHROMIUM_PATH: chromium, REDIS_SERVER_PATH: redisServer })],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const timings = [];

for (const [name, what, work] of steps) {
  console.log(`\n=== npm test: ${name} (${what}) ===`);
  const stepStarted = Date.now();
  try {
    await work();
  } catch (error) {
    const took = Date.now() - stepStarted;
    for (const [doneName, doneTime] of timings) console.log(`  ok   ${doneName}: ${seconds(doneTime)}`);
    console.error(`\nnpm test FAILED at "${name}" (${what}): ${error.message} [after ${seconds(took)}]`);
    if (name === 'end-to-end tests') console.error('Screenshots and traces: playwright-report/index.html (npx playwright show-report)');
    process.exit(1);
  }
  const took = Date.now() - stepStarted;
  timings.push([name, took]);
  console.log(`=== ${name}: ok in ${seconds(took)} ===`);
}

console.log('\nnpm test passed:');
for (const [name, took] of timings) console.log(`  ${name.padEnd(22)} ${seconds(took)}`);
console.log(`  ${'total'.padEnd(22)} ${seconds(Date.now() - started)}`);
