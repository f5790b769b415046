// The test ports of docs/ARCHITECTURE.md, apart from `npm start`'s 4321/4322.
// TEST_SITE_PORT and TEST_SANDBOX_PORT move them when something else holds them.
//
// Every worker of a run has a stack of its own (the built site and a fresh sandbox in the
// extended profile), so a test that resets the sandbox or scripts a fault changes nothing
// another worker sees, and no test waits for another. The development-profile stack is one,
// shared by the workers: its few tests take its lock (helpers/sandbox-lock.ts).

const siteBase = Number(process.env.TEST_SITE_PORT ?? '4331');
const sandboxBase = Number(process.env.TEST_SANDBOX_PORT ?? '4332');

/** How many workers a run has, and so how many extended stacks it starts (playwright.config.ts). */
export const E2E_WORKERS = 2;

export interface TestStack {
  siteUrl: string;
  sandboxUrl: string;
  sitePort: number;
  sandboxPort: number;
}

function stackOn(sitePort: number, sandboxPort: number): TestStack {
  return { sitePort, sandboxPort, siteUrl: `http://127.0.0.1:${sitePort}`, sandboxUrl: `http://127.0.0.1:${sandboxPort}` };
}

/**
 * The extended stack of the worker with this `parallelIndex` (0 to E2E_WORKERS - 1):
 * 4331/4332 for the first, then +4 for each next (the development stack holds +2).
 */
export function workerStack(parallelIndex: number): TestStack {
  if (parallelIndex < 0 || parallelIndex >= E2E_WORKERS) {
    throw new Error(`No test stack for worker ${parallelIndex}: the run starts ${E2E_WORKERS} (E2E_WORKERS in tests/e2e/helpers/urls.ts)`);
  }
  return stackOn(siteBase + 4 * parallelIndex, sandboxBase + 4 * parallelIndex);
}

/**
 * The stack of the worker this code runs in (Playwright numbers its workers in
 * TEST_PARALLEL_INDEX; the runner's own process, which only lists the tests, reads the first).
 */
export function thisWorkersStack(): TestStack {
  return workerStack(Number(process.env.TEST_PARALLEL_INDEX ?? '0'));
}

/** The first worker's stack: the projects' defaults, which the fixtures move to the worker's own. */
export const TEST_SITE_URL = workerStack(0).siteUrl;
export const TEST_SANDBOX_URL = workerStack(0).sandboxUrl;

/** The run's development-profile stack: the same site against a sandbox that answers as Spotify does for development-mode apps (DESIGN §2). */
export const DEV_STACK = stackOn(siteBase + 2, sandboxBase + 2);
