/**
 * The end-to-end tests' `test` and `expect`. Import them from here, not from
 * '@playwright/test':
 *
 *   import { test, expect } from './fixtures';
 *
 * Fixtures:
 * - `signIn(page, account = 'guest', { home = true })`: signs in and resolves on /. `account`
 *   is 'guest' (premium) or 'free'. The first sign-in of a worker per account goes through the
 *   real flow (/auth, the login button, the sandbox's sign-in page, /callback); later ones reuse
 *   the server session it made, by its session cookie (added to the test's context before
 *   home opens), which saves three page loads a test. A test whose first page is another
 *   passes `{ home: false }`: a reused session then opens no page but a scriptless document of
 *   the site (helpers/sign-in.ts), where the helpers that ask for the token work; its own
 *   `page.goto` is then the page's first load. A test that ends the session (LogOut,
 *   a refresh the provider refuses) ends it for the worker: after the test the fixture asks
 *   the server, and the next test signs in for real. A test about signing in opts out with
 *     test.use({ realSignIn: true })
 *   and a test that ends, refreshes or revokes its session on purpose takes one of its own,
 *   made over HTTP by the server's real flow without rendering its pages
 *   (helpers/sign-in.ts, signInOverHttp), with
 *     test.use({ ownSession: true })
 * - `baseURL` and `sandboxUrl`: the worker's own stack in the project's API profile
 *   (helpers/urls.ts): each worker has its sites and sandboxes, so what one test changes (a
 *   reset, a fault, a like) no test of another worker sees, and no test waits for another.
 *   Tests name addresses through these two, never a port.
 * - `sandbox`: control of the worker's sandbox over its /__sandbox endpoints:
 *   `url`, `reset()`, `addFault(fault)`, `clearFaults()`, `setRateLimit({ calls,
 *   windowSeconds })`. Faults (and a rate limit set so) are cleared after the test.
 * - Automatic: every page records the toasts it shows (helpers/toasts.ts: expectToastShown
 *   finds a 1.5 s toast however late a test looks), and a test fails if any page logged a console error, threw, had a
 *   request fail (aborted ones excepted) or got an HTTP status >= 400. A test that
 *   produces some on purpose opts out with
 *     test.use({ allowErrors: true })            // anything goes
 *     test.use({ allowErrors: /HTTP 401/ })      // only these are expected (one RegExp)
 *   and can assert on what was seen through the `browserProblems` fixture.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { recordBrowserProblems, unexpectedProblems } from './helpers/browser-problems';
import { recordToasts } from './helpers/toasts';
import { readSession, restoreSession, sessionIsAlive, signInOverHttp, signInThroughProvider, type Account, type SavedSession } from './helpers/sign-in';
import { onThisWorkersStack, TEST_SANDBOX_URL, TEST_SITE_URL } from './helpers/urls';

/**
 * A scripted failure for POST /__sandbox/faults (docs/ARCHITECTURE.md). Without
 * status and body the request goes on to the real handler after delayMs.
 */
export interface SandboxFault {
  /** Which requests fail: HTTP method (any when absent) and a path regular expression. */
  match: { method?: string; path: string };
  status?: number;
  body?: unknown;
  /** Extra response headers, such as Retry-After. */
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket instead of answering. */
  drop?: boolean;
  /** How many matching requests fail; every one when absent. */
  times?: number;
}

/** The test's handle on the run's sandbox. */
/**
 * What a sandbox restart makes the browser report (for allowErrors): the SDK's event
 * stream is cut, and its reconnection fails until the new process listens; a play sent in
 * that moment meets the provider's 404 "Device not found", and is sent again once the
 * device is back (ARCHITECTURE: `sendWanted`).
 */
export const RESTART_PROBLEMS = /\/sdk\/v1\/(events|devices)|Player initialization_error|(HTTP 404: PUT |status of 404 \(Not Found\) \(at )\S+\/v1\/me\/player\/play\b/;

export interface SandboxControl {
  url: string;
  reset(): Promise<void>;
  /** Adds one fault, or several at once (counted in that order by faultHits). */
  addFault(fault: SandboxFault | SandboxFault[]): Promise<void>;
  clearFaults(): Promise<void>;
  /** How many requests each fault has met, in the order the faults were added (the server's calls too, which the page never sees). */
  faultHits(): Promise<number[]>;
  /**
   * Stops the sandbox's process and waits for the new one on the same data (the test server
   * restarts it). With a page, the page is blank meanwhile and opens its address again after:
   * a page still starting (the SDK's script, the player's catch-up) would otherwise meet the
   * restart's refused connections.
   */
  restart(page?: Page): Promise<void>;
  /** SANDBOX_RATE_LIMIT at run time: `calls` per token in any `windowSeconds` (default 30); cleared with the faults after the test. */
  setRateLimit(limit: { calls: number; windowSeconds?: number }): Promise<void>;
}

interface Fixtures {
  /** true, or a pattern of expected problems (one RegExp: Playwright would read an array as [value, options]). */
  allowErrors: boolean | RegExp | RegExp[];
  /** Every signIn goes through the real flow, and neither reuses nor keeps a session. */
  realSignIn: boolean;
  /** Every signIn makes a new session for this test alone (signInOverHttp), and neither reuses nor keeps it; realSignIn, where both are set, wins. */
  ownSession: boolean;
  browserProblems: string[];
  failOnBrowserProblems: void;
  recordingToasts: void;
  sandbox: SandboxControl;
  signIn: (page: Page, account?: Account, options?: { home?: boolean }) => Promise<void>;
}

/** This worker's signed-in sessions, by site, sandbox and account (each worker is its own process). */
const savedSessions = new Map<string, SavedSession>();

/** Asks the sandbox to restart, then waits until a process of a later start answers. */
async function restartSandbox(base: string): Promise<void> {
  const bootOf = async () => ((await (await fetch(`${base}/__sandbox/boot`)).json()) as { bootId: string }).bootId;
  const response = await fetch(`${base}/__sandbox/restart`, { method: 'POST' });
  if (response.status !== 202) throw new Error(`POST /__sandbox/restart answered ${response.status}: ${await response.text()}`);
  const { bootId } = (await response.json()) as { bootId: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await bootOf().catch(() => bootId); // refused while the new process starts
    if (now !== bootId) return;
  }
  throw new Error('the sandbox did not come back within 60 s of its restart');
}

async function callSandbox(base: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
}

interface StackOptions {
  /** The worker's sandbox, unless the project names another (the development project's). */
  sandboxUrl: string;
}

// The projects' defaults name the first worker's stack; every worker moves to its own.
const onWorkerStack = base
  .extend<StackOptions>({ sandboxUrl: [TEST_SANDBOX_URL, { option: true }] })
  .extend<StackOptions>({
    baseURL: async ({ baseURL }, use) => {
      await use(baseURL && onThisWorkersStack(baseURL));
    },
    sandboxUrl: async ({ sandboxUrl }, use) => {
      await use(onThisWorkersStack(sandboxUrl));
    },
  });

export const test = onWorkerStack.extend<Fixtures>({
  allowErrors: [false, { option: true }],

  browserProblems: async ({ context }, use) => {
    await use(await recordBrowserProblems(context));
  },

  // SPEC §8's toasts show for 1.5 s: each is recorded as it appears, so expectToastShown finds
  // it however late a busy machine looks (helpers/toasts.ts).
  recordingToasts: [
    async ({ context }, use) => {
      await recordToasts(context);
      await use();
    },
    { auto: true },
  ],

  failOnBrowserProblems: [
    async ({ browserProblems, allowErrors }, use) => {
      await use();
      const unexpected = unexpectedProblems(browserProblems, allowErrors);
      expect(unexpected, 'the browser reported problems (opt out with test.use({ allowErrors }))').toEqual([]);
    },
    { auto: true },
  ],

  // Every worker has its stacks to itself (helpers/urls.ts): nothing to wait for. The faults
  // (and a rate limit) a test scripted are cleared after it.
  sandbox: async ({ sandboxUrl }, use) => {
    await use({
      url: sandboxUrl,
      reset: () => callSandbox(sandboxUrl, 'POST', '/__sandbox/reset'),
      addFault: (fault) => callSandbox(sandboxUrl, 'POST', '/__sandbox/faults', fault),
      clearFaults: () => callSandbox(sandboxUrl, 'DELETE', '/__sandbox/faults'),
      faultHits: async () => ((await (await fetch(`${sandboxUrl}/__sandbox/faults`)).json()) as { faults: { hits: number }[] }).faults.map((fault) => fault.hits),
      restart: async (page) => {
        const address = page?.url();
        await page?.goto('about:blank');
        await restartSandbox(sandboxUrl);
        if (page && address) await page.goto(address);
      },
      setRateLimit: (limit) => callSandbox(sandboxUrl, 'POST', '/__sandbox/rate-limit', limit),
    });
    await callSandbox(sandboxUrl, 'DELETE', '/__sandbox/faults');
  },

  realSignIn: [false, { option: true }],
  ownSession: [false, { option: true }],

  signIn: async ({ baseURL, sandboxUrl, realSignIn, ownSession }, use) => {
    const site = baseURL ?? TEST_SITE_URL;
    const used = new Set<string>();
    await use(async (page, account = 'guest', { home = true } = {}) => {
      if (ownSession && !realSignIn) return restoreSession(page, site, await signInOverHttp(site, account), { home });
      const key = `${site} ${sandboxUrl} ${account}`;
      const saved = savedSessions.get(key);
      if (!realSignIn) used.add(key);
      if (saved && !realSignIn) return restoreSession(page, site, saved, { home });
      await signInThroughProvider(page, site, sandboxUrl, account);
      if (!realSignIn) savedSessions.set(key, await readSession(page, site));
    });
    // The session is one on the server, whichever context holds its cookie: a test that signed
    // out, or whose session the provider ended, ended it for the worker. The next test then
    // signs in for real instead of opening /auth with a dead cookie.
    for (const key of used) {
      const saved = savedSessions.get(key);
      if (saved && !(await sessionIsAlive(site, saved))) savedSessions.delete(key);
    }
  },
});

export { expect };

/** The `signIn` fixture's type, for helpers that sign in for their test. */
export type SignIn = Fixtures['signIn'];

/** The options a Playwright project may set (playwright.config.ts). */
export interface E2eOptions {
  sandboxUrl: string;
}
