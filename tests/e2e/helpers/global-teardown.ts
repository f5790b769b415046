import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Removes this run's sandbox lock folder (see sandbox-lock.ts); the runner is the workers' parent. */
export default function removeSandboxLock(): void {
  rmSync(join(tmpdir(), `my-music-e2e-lock-${process.pid}`), { recursive: true, force: true });
}
