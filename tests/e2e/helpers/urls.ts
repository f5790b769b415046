// The test ports of docs/ARCHITECTURE.md, apart from `npm start`'s 4321/4322.
// TEST_SITE_PORT and TEST_SANDBOX_PORT move them when something else holds them.
//
// Every worker of a run has two stacks of its own (the built site and a fresh sandbox, one in
// the extended profile and one in the development profile), so a test that resets a sandbox or
// scripts a fault changes nothing another worker sees, and no test waits for another.

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
 * 4331/4332 for the first, then +4 for each next (its development stack holds +2).
 */
export function workerStack(parallelIndex: number): TestStack {
  return stackOn(siteBase + portOffset(parallelIndex), sandboxBase + portOffset(parallelIndex));
}

/** The development-profile stack of that worker (the same site against a sandbox that answers as Spotify does for development-mode apps, DESIGN §2): its extended stack's ports + 2. */
export function workerDevStack(parallelIndex: number): TestStack {
  return stackOn(siteBase + portOffset(parallelIndex) + 2, sandboxBase + portOffset(parallelIndex) + 2);
}

function portOffset(parallelIndex: number): number {
  if (parallelIndex < 0 || parallelIndex >= E2E_WORKERS) {
    throw new Error(`No test stack for worker ${parallelIndex}: the run starts ${E2E_WORKERS} (E2E_WORKERS in tests/e2e/helpers/urls.ts)`);
  }
  return 4 * parallelIndex;
}

/** Playwright numbers its workers in TEST_PARALLEL_INDEX; the runner's own process, which only lists the tests, reads the first. */
const thisWorker = () => Number(process.env.TEST_PARALLEL_INDEX ?? '0');

/** The extended stack of the worker this code runs in. */
export function thisWorkersStack(): TestStack {
  return workerStack(thisWorker());
}

/** The first worker's stacks: the projects' defaults, which the fixtures move to the worker's own. */
export const TEST_SITE_URL = workerStack(0).siteUrl;
export const TEST_SANDBOX_URL = workerStack(0).sandboxUrl;
export const DEV_SITE_URL = workerDevStack(0).siteUrl;
export const DEV_SANDBOX_URL = workerDevStack(0).sandboxUrl;

/** An address of the first worker's stacks (a project's default) moved to the same stack of the worker this code runs in; any other address as it is. */
export function onThisWorkersStack(url: string): string {
  const own = { [TEST_SITE_URL]: workerStack(thisWorker()).siteUrl, [TEST_SANDBOX_URL]: workerStack(thisWorker()).sandboxUrl, [DEV_SITE_URL]: workerDevStack(thisWorker()).siteUrl, [DEV_SANDBOX_URL]: workerDevStack(thisWorker()).sandboxUrl };
  return own[url] ?? url;
}
