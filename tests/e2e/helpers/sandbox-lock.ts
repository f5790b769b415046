// A stack that serves more than one worker (the development-profile stack: the extended
// ones are one per worker, helpers/urls.ts) must not see one test reset its sandbox or script
// a fault while another test runs beside it. A readers-writer lock across the workers of one
// run fixes that: ordinary tests share the sandbox, a test that changes it runs alone.
// Each sandbox has its own lock, so on a worker's own stack it never waits.
// The locks live in a temp folder named after the runner's pid (the workers'
// parent), so a crashed run never blocks the next one.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(tmpdir(), `my-music-e2e-lock-${process.ppid}`);

/** The lock's two folders for one sandbox, named by its address. */
function lockOf(sandboxUrl: string) {
  const dir = join(root, new URL(sandboxUrl).port || 'default');
  return { exclusiveDir: join(dir, 'exclusive'), sharedDir: join(dir, 'shared') };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no test holds the sandbox alone, then holds it shared; returns the release. */
export async function holdSandboxShared(sandboxUrl: string, holder: string): Promise<() => void> {
  const { exclusiveDir, sharedDir } = lockOf(sandboxUrl);
  mkdirSync(sharedDir, { recursive: true });
  const mine = join(sharedDir, holder);
  for (;;) {
    if (!existsSync(exclusiveDir)) {
      writeFileSync(mine, '');
      // Re-check: an exclusive holder may have arrived between the check and the write.
      if (!existsSync(exclusiveDir)) return () => rmSync(mine, { force: true });
      rmSync(mine, { force: true });
    }
    await pause(100);
  }
}

/** Waits for the sandbox to be free of every other test, then holds it alone; returns the release. */
export async function holdSandboxAlone(sandboxUrl: string): Promise<() => void> {
  const { exclusiveDir, sharedDir } = lockOf(sandboxUrl);
  mkdirSync(sharedDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(exclusiveDir); // atomic: only one test gets it
      break;
    } catch {
      await pause(100);
    }
  }
  while (readdirSync(sharedDir).length > 0) await pause(100);
  return () => rmSync(exclusiveDir, { recursive: true, force: true });
}
