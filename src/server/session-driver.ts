import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import { SESSION_TTL_SECONDS } from './session-cookie';

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
 * needs nothing installed, swept of ended sessions when it is first used and every six hours.
 */
export function diskSessionDriver(dir = process.env.SESSION_DIR ?? '.data/sessions') {
  const sweep = () => void sweepSessionFiles(dir).catch((error: unknown) => console.error('Could not sweep the session files', error));
  sweep();
  // The sweep never keeps the process alive on its own.
  setInterval(sweep, SWEEP_EVERY_MS).unref();
  return fsLiteDriver({ base: dir });
}
