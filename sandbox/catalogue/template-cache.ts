import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxDb } from '../db';
import type { CatalogueSize } from '../env';

/**
 * Tests start many sandboxes on fresh directories, each needing the same small catalogue.
 * The first one generated is kept as a template in the temp directory and later ones copy it
 * (then reseed the accounts' library against their own clock). The template's name holds a
 * hash of the generator's source, so a changed generator can never be served from a stale copy.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = join(tmpdir(), 'my-music-sandbox-catalogues');

let sourceHash: string | undefined;
function generatorHash(): string {
  if (!sourceHash) {
    const hash = createHash('sha256');
    const files = readdirSync(HERE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    for (const file of [...files.map((f) => join(HERE, f)), join(HERE, '..', 'db.ts')]) hash.update(readFileSync(file));
    sourceHash = hash.digest('hex').slice(0, 16);
  }
  return sourceHash;
}

function templatePath(seed: number, size: CatalogueSize): string {
  return join(CACHE_DIR, `${size}-${seed}-${generatorHash()}.db`);
}

/** Copies the template into an empty data directory; false when there is none yet (or the directory has data). */
export function restoreTemplate(dataDir: string, seed: number, size: CatalogueSize): boolean {
  const target = join(dataDir, 'sandbox.db');
  const template = templatePath(seed, size);
  if (existsSync(target) || !existsSync(template)) return false;
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(template, target);
  return true;
}

/** Keeps a compact copy of a freshly generated database as the template; written aside, then renamed, so readers never see half a file. */
export function saveTemplate(db: SandboxDb, seed: number, size: CatalogueSize): void {
  const template = templatePath(seed, size);
  if (existsSync(template)) return;
  const partial = `${template}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    db.prepare('VACUUM INTO ?').run(partial);
    renameSync(partial, template);
  } catch {
    // A cache only: another process may have won the race, or the disk is read-only.
    rmSync(partial, { force: true });
  }
}
