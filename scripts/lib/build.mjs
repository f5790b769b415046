// Decides whether the site must be (re)built and builds it. `npm start`, the test
// server and the bench share this so that none of them serves a stale dist/.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, bin } from './paths.mjs';
import { runToEnd } from './run.mjs';

/** Everything the build reads; a change to any of them makes dist/ stale. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'scripts/lib/shell-chunks.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The file @astrojs/node writes last-ish on every build: its age is the build's age. */
export const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'entry.mjs');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the build is stale, or null when dist/ is newer than every source. */
export function staleReason() {
  if (!existsSync(SERVER_ENTRY)) return 'no build yet';
  const built = statSync(SERVER_ENTRY).mtimeMs;
  for (const source of SOURCES) {
    if (newestMtime(join(ROOT, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

/**
 * Runs `astro build`, inheriting the terminal unless `output` is given (a function that
 * receives each chunk of the build's output); rejects when it fails.
 */
export function build(output) {
  return runToEnd(bin('astro'), ['build'], { env: { ASTRO_TELEMETRY_DISABLED: '1' }, output }).catch((error) => {
    throw new Error(`astro build failed (${error.message})`);
  });
}

const LOCK = join(tmpdir(), `my-music-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);

function lockHolderAlive() {
  try {
    process.kill(Number(readFileSync(join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs `work` while no other script of this checkout builds or copies dist/:
 * two builds into one dist/ corrupt each other (seen with several people and
 * test runs sharing a checkout). A lock left by a dead process is taken over.
 */
async function withBuildLock(work, log) {
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch {
      if (existsSync(LOCK) && !lockHolderAlive()) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (!told) log('Waiting for another build of this checkout to finish...');
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function buildIfStale(force, log, output) {
  const reason = force ? 'a fresh build was asked for' : staleReason();
  if (!reason) {
    log('Build is up to date (dist/).');
    return;
  }
  log(`Building the site: ${reason}.`);
  await build(output);
}

/**
 * Builds only when needed; says which it did so a slow start is explained. `output`, when
 * given, receives the build's output instead of the terminal (`npm test` runs it side by side).
 */
export function ensureBuilt({ force = false, log = console.log, output } = {}) {
  return withBuildLock(() => buildIfStale(force, log, output), log);
}

/**
 * Builds when needed, then copies dist/ to `.data-<name>-<pid>/` in the checkout
 * (inside it, so the server still finds node_modules) and returns that folder.
 * The test server and the bench run from the copy, so a rebuild of dist/ during
 * their run cannot swap the code under them. The caller removes the folder.
 */
export function snapshotBuild(name, { log = console.log } = {}) {
  return withBuildLock(async () => {
    await buildIfStale(false, log);
    const copy = join(ROOT, `.data-${name}-${process.pid}`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(join(ROOT, 'dist'), copy, { recursive: true });
    return copy;
  }, log);
}
