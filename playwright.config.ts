import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import type { E2eOptions } from './tests/e2e/fixtures';
import { chromiumArgs, chromiumPath } from './tests/e2e/helpers/chromium';
import { DEV_SANDBOX_URL, DEV_SITE_URL, E2E_WORKERS, TEST_SITE_URL, workerDevStack, workerStack, type TestStack } from './tests/e2e/helpers/urls';

const isCI = Boolean(process.env.CI);
// Runs on other ports (TEST_SITE_PORT) keep their own artifacts: each run empties its
// output folder at start, which would delete a concurrent run's traces.
const runSuffix = process.env.TEST_SITE_PORT ? `-${process.env.TEST_SITE_PORT}` : '';

/** One stack of the run (built site and fresh sandbox) on its ports, in an API profile. */
function testServer(stack: TestStack, profile: 'extended' | 'development' = 'extended'): Extract<PlaywrightTestConfig['webServer'], { command: string }> {
  return {
    command: 'node scripts/serve-test.mjs',
    url: `${stack.siteUrl}/`,
    env: {
      ...process.env,
      TEST_SITE_PORT: String(stack.sitePort),
      TEST_SANDBOX_PORT: String(stack.sandboxPort),
      TEST_API_PROFILE: profile,
    } as Record<string, string>,
    // The site may answer before the sandbox has its catalogue; serve-test says when both do.
    wait: { stdout: /serve-test: ready/ },
    // A server already on the test ports is a leftover, never something to reuse.
    reuseExistingServer: false,
    // Building plus generating the sandbox's catalogue on two busy cores.
    timeout: 480_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets serve-test stop both children and delete its data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  };
}

// Playwright reads this file's default export; it is the one default export we keep.
export default defineConfig<E2eOptions>({
  testDir: 'tests/e2e',
  outputDir: `test-results${runSuffix}`,
  // Two cores are shared by everything; more workers only make tests time out.
  // Each worker has its own stack (tests/e2e/helpers/urls.ts).
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Generous: two cores run the site, the sandbox, Chromium and the runner at once,
  // and a long walk through the app must not fail only because the machine is busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report${runSuffix}` }]],
  use: {
    baseURL: TEST_SITE_URL,
    screenshot: 'only-on-failure',
    // Recording a trace costs every test about a sixth of its time (browse.spec: 93 s against
    // 77 s without); a failure is traced when it runs again (CI retries once). Locally,
    // `npx playwright test --trace on` traces a test being looked into.
    trace: 'on-first-retry',
    // Each test's fresh context would install the service worker and fetch its whole precache
    // (every script and style), a sixth of a page test's CPU; the specs about the worker
    // (offline, the shell's cache) allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.development\.spec\.ts$/,
      // A test tagged @phone-only is about what only a narrow screen has (the bottom sheet,
      // the one-line player bar): it runs on the mobile project alone, rather than skipping here.
      grepInvert: /@phone-only/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      // The pages against a development-mode provider: sections hide, nothing breaks.
      name: 'development',
      testMatch: /\.development\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: DEV_SITE_URL,
        sandboxUrl: DEV_SANDBOX_URL,
      },
    },
    {
      name: 'mobile',
      testIgnore: /\.development\.spec\.ts$/,
      // A test tagged @viewport-free checks what the phone runs the same as the desktop
      // (server answers, stores, the keyboard): the desktop run proves it, the phone's would
      // only double its time. The phone runs everything it lays out or reaches differently.
      grepInvert: /@viewport-free/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        // 1, not a phone's 3: the layout is the 390 px viewport's whatever the density, and
        // software rendering on two shared cores paints a ninth of the pixels.
        deviceScaleFactor: 1,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  webServer: [
    ...Array.from({ length: E2E_WORKERS }, (_, index) => [testServer(workerStack(index)), testServer(workerDevStack(index), 'development')]).flat(),
  ],
});
