// Decides whether the site must be (re)built and builds it. `npm start`, the test
// server and the bench share this so that none of them serves a stale dist/.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin } from './paths.mjs';

/** Everything the build reads; a change to any of them makes dist/ stale. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

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

/** Runs `astro build`, inheriting the terminal; rejects when it fails. */
export function build() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('astro'), ['build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`astro build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** Builds only when needed; says which it did so a slow start is explained. */
export async function ensureBuilt({ force = false, log = console.log } = {}) {
  const reason = force ? 'a fresh build was asked for' : staleReason();
  if (!reason) {
    log('Build is up to date (dist/).');
    return;
  }
  log(`Building the site: ${reason}.`);
  await build();
}
