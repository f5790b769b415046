/**
 * Tools only the benches use (bench/tools/package.json: Lighthouse, 180 packages), installed
 * into bench/tools/node_modules, as bench/tools/package-lock.json pins them, by the first bench
 * that needs them, rather than by every `npm install` of the project (CI's included, which
 * never benches: 10 s of its install here, and 140 MB).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TOOLS_DIR = fileURLToPath(new URL('../tools/', import.meta.url));
const toolsRequire = createRequire(join(TOOLS_DIR, 'package.json'));

/**
 * Installs the bench tools unless they are there. `npm install` rather than `npm ci`: Lighthouse
 * asks for `third-party-web@latest`, which `npm ci` refuses to match with any lock file;
 * `--no-save` leaves the lock file as it is.
 */
function ensureInstalled(): void {
  if (existsSync(join(TOOLS_DIR, 'node_modules', '.package-lock.json'))) return;
  console.log("bench: installing the benches' own tools into bench/tools/node_modules (once)...");
  const installed = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund'], { cwd: TOOLS_DIR, stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('npm install in bench/tools failed: run it there to see why');
}

/** A bench tool's module, the tools installed first when they are not. `T`: the part of its API the bench uses. */
export async function importBenchTool<T>(name: string): Promise<T> {
  ensureInstalled();
  return (await import(pathToFileURL(toolsRequire.resolve(name)).href)) as T;
}

/** A bench tool's version, as installed. */
export function benchToolVersion(name: string): string {
  return (toolsRequire(`${name}/package.json`) as { version: string }).version;
}
