import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import redisDriver from 'unstorage/drivers/redis';
import { REDIS_OPTIONS } from './redis';
import { SESSION_TTL_SECONDS } from './session-cookie';

/** Where Redis keeps the sessions: a key `my-music:session:<id>` each. */
export const REDIS_SESSION_BASE = 'my-music:session';

/** How often the disk store looks for sessions nobody has used for SESSION_TTL_SECONDS. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Removes the session files under `dir` not written for `ttlSeconds` (Astro rewrites a
 * session's file on every change: a sign-in, each token refresh). Redis expires its keys by
 * itself; files on disk would otherwise stay for ever after their sessions ended. Resolves to
 * how many were removed; a file that vanishes meanwhile is no error.
 */
export async function sweepSessionFiles(dir: string, ttlSeconds = SESSION_TTL_SECONDS, now = Date.now()): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0; // no session yet: no folder
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      if (now - (await stat(path)).mtimeMs > ttlSeconds * 1000) {
        await rm(path, { force: true });
        removed += 1;
      }
    } catch {
      // removed by another sweep or a sign-out meanwhile
    }
  }
  return removed;
}

/**
 * The disk store of sessions: files under `dir` (SESSION_DIR, default `.data/sessions`), which
 * needs nothing installed, swept of ended sessions at start and every six hours.
 */
export function diskSessionDriver(dir = process.env.SESSION_DIR ?? '.data/sessions') {
  const sweep = () => void sweepSessionFiles(dir).catch((error: unknown) => console.error('Could not sweep the session files', error));
  sweep();
  // The sweep never keeps the process alive on its own.
  setInterval(sweep, SWEEP_EVERY_MS).unref();
  return fsLiteDriver({ base: dir });
}

/**
 * The store behind Astro's sessions (astro.config.mjs), chosen when the site starts rather than
 * when it is built, so one build serves one instance or many: with REDIS_URL every instance keeps
 * its sessions in that Redis (a load balancer may send a user to any of them, and a restarted
 * instance loses nobody); without it they are files on this machine's disk. The site reads and
 * writes its sessions through src/server/session-store.ts, in these same places, and never
 * through Astro's session object (which saves a request's whole copy when the request ends).
 */
export default function sessionDriver() {
  const url = process.env.REDIS_URL;
  if (url) return redisDriver({ url, base: REDIS_SESSION_BASE, ttl: SESSION_TTL_SECONDS, ...REDIS_OPTIONS });
  return diskSessionDriver();
}
