// `npm test`: every check the project has, stopping at the first that fails with one
// line naming it. Unit tests beside the type checks, lint and build, then the
// end-to-end tests in a real Chromium against the built site and a fresh sandbox.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuilt } from './lib/build.mjs';
import { bin } from './lib/paths.mjs';
import { redisServerPath } from './lib/redis.mjs';
import { runToEnd } from './lib/run.mjs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** A step's command: on the terminal, or into `output` when the step runs in a lane. */
const run = (command, args, env = {}, output) => runToEnd(command, args, { env, output });

/**
 * A system tool the suite needs: `find()` gives its path or null. When it is missing, Debian's
 * `aptPackage` is installed if we are root with apt-get; otherwise one line says what to run
 * (or `override`, the variable that points at another binary), and npm test ends.
 */
async function ensureTool({ name, aptPackage, find, override }) {
  const found = find();
  if (found) return found;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() === 0 && hasApt) {
    console.log(`${name} not found: installing Debian's ${aptPackage} package (apt-get)...`);
    await run('sh', ['-c', `apt-get update -qq && apt-get install -y -qq ${aptPackage}`], { DEBIAN_FRONTEND: 'noninteractive' });
    const installed = find();
    if (installed) return installed;
    throw new Error(`apt-get installed ${aptPackage} but ${name} is still missing`);
  }
  console.error(`${name} not found: run \`sudo apt-get update && sudo apt-get install -y ${aptPackage}\` (or set ${override}), then npm test again.`);
  process.exit(1);
}

/** Chromium: CHROMIUM_PATH when set (it must exist), else Debian's /usr/bin/chromium. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  }
  return ensureTool({
    name: 'Chromium',
    aptPackage: 'chromium',
    find: () => (existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : null),
    override: 'CHROMIUM_PATH to a Chromium or Chrome binary',
  });
}

/** redis-server: the e2e suite runs site instances on a real Redis. */
function ensureRedis() {
  return ensureTool({ name: 'redis-server', aptPackage: 'redis-server', find: redisServerPath, override: 'REDIS_SERVER_PATH to a redis-server binary' });
}

let chromium = DEFAULT_CHROMIUM;
let redisServer = null;

/**
 * The steps, in order: each is a name, what it runs (for the failure line), and the work,
 * which receives `output` when it runs in a lane (below) rather than on the terminal.
 */
const chromiumStep = ['chromium', 'CHROMIUM_PATH or /usr/bin/chromium', async () => (chromium = await ensureChromium())];
const redisStep = ['redis-server', 'REDIS_SERVER_PATH, /usr/bin/redis-server or PATH', async () => (redisServer = await ensureRedis())];
const typeCheckSite = ['type check (site)', 'astro check', (output) =>
  run(bin('astro'), ['check'], { ASTRO_TELEMETRY_DISABLED: '1' }, output)];
const typeCheckSandbox = ['type check (sandbox)', 'tsc -p sandbox/tsconfig.json --noEmit', (output) =>
  run(bin('tsc'), ['-p', 'sandbox/tsconfig.json', '--noEmit'], {}, output)];
const lint = ['lint', 'eslint .', (output) => run(bin('eslint'), ['.'], {}, output)];
const unitTests = ['unit tests', 'vitest run', (output) => run(bin('vitest'), ['run'], { REDIS_SERVER_PATH: redisServer }, output)];
const buildStep = ['build', 'astro build', (output) => ensureBuilt({ log: output, output })];
const endToEnd = ['end-to-end tests', 'playwright test', () =>
  run(bin('playwright'), ['test'], { CHROMIUM_PATH: chromium, REDIS_SERVER_PATH: redisServer })];

/**
 * Between the installs and the end-to-end tests, two lanes run side by side: the unit tests,
 * then the sandbox's type check, in one; the site's type check, lint and build in the other.
 * Each lane leaves a core idle part of the time (vitest while it collects, astro check most of
 * the time), and together they took 114-120 s where the same steps in a row took 143 s, on two
 * cores. Since the client's unit tests run in VM contexts (vitest.config.ts) the unit tests end
 * first, so the sandbox's type check moved to their lane: 97-101 s against 107-110. The e2e
 * tests need the build and both cores.
 */
const plan = [
  { step: chromiumStep },
  { step: redisStep },
  { lanes: [[unitTests, typeCheckSandbox], [typeCheckSite, lint, buildStep]] },
  { step: endToEnd },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const timings = [];

class StepFailed extends Error {
  constructor(name, what, error, took) {
    super(`"${name}" (${what}): ${error.message} [after ${seconds(took)}]`);
    this.stepName = name;
  }
}

/** Runs one step; `buffered` keeps its output until it ends, so lanes print whole steps. */
async function runStep([name, what, work], buffered) {
  const chunks = [];
  const output = buffered ? (chunk) => chunks.push(typeof chunk === 'string' ? `${chunk}\n` : chunk) : undefined;
  const header = `\n=== npm test: ${name} (${what}) ===`;
  if (!buffered) console.log(header);
  const stepStarted = Date.now();
  try {
    await work(output);
  } catch (error) {
    throw new StepFailed(name, what, error, Date.now() - stepStarted);
  } finally {
    if (buffered) {
      console.log(header);
      process.stdout.write(Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))));
    }
  }
  const took = Date.now() - stepStarted;
  timings.push([name, took]);
  console.log(`=== ${name}: ok in ${seconds(took)} ===`);
}

async function runLane(lane) {
  for (const step of lane) await runStep(step, true);
}

try {
  for (const { step, lanes } of plan) {
    if (step) {
      await runStep(step, false);
      continue;
    }
    console.log(`\n=== npm test, side by side: ${lanes.map((lane) => lane.map(([name]) => name).join(', then ')).join(' | ')} ===`);
    const ended = await Promise.allSettled(lanes.map(runLane));
    const failed = ended.find((lane) => lane.status === 'rejected');
    if (failed) throw failed.reason;
  }
} catch (error) {
  for (const [doneName, doneTime] of timings) console.log(`  ok   ${doneName}: ${seconds(doneTime)}`);
  console.error(`\nnpm test FAILED at ${error.message}`);
  if (error.stepName === 'end-to-end tests') console.error('Screenshots and traces: playwright-report/index.html (npx playwright show-report)');
  process.exit(1);
}

console.log('\nnpm test passed:');
for (const [name, took] of timings) console.log(`  ${name.padEnd(22)} ${seconds(took)}`);
console.log(`  ${'total'.padEnd(22)} ${seconds(Date.now() - started)}`);
