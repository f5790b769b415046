import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'my-music-e2e-lock-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes this run's sandbox lock folder (see sandbox-lock.ts; the runner is the
 * workers' parent), and those of runs that were killed before their teardown.
 */
export default function removeSandboxLocks(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length));
    if (pid === process.pid || !isRunning(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
