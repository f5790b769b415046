import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import type { E2eOptions } from './tests/e2e/fixtures';
import { chromiumArgs, chromiumPath } from './tests/e2e/helpers/chromium';
import {
  TEST_DEV_SANDBOX_PORT,
  TEST_DEV_SANDBOX_URL,
  TEST_DEV_SITE_PORT,
  TEST_DEV_SITE_URL,
  TEST_SANDBOX_URL,
  TEST_SITE_URL,
} from './tests/e2e/helpers/urls';

// The tests' fixtures read the sandbox's address from the environment; workers
// inherit it from this process.
process.env.SANDBOX_URL = TEST_SANDBOX_URL;

const isCI = Boolean(process.env.CI);
// Runs on other ports (TEST_SITE_PORT) keep their own artifacts: each run empties its
// output folder at start, which would delete a concurrent run's traces.
const runSuffix = process.env.TEST_SITE_PORT ? `-${process.env.TEST_SITE_PORT}` : '';

/** One stack of the run (built site and fresh sandbox); `env` moves its ports or its API profile. */
function testServer(env: Record<string, string> = {}): Extract<PlaywrightTestConfig['webServer'], { command: string }> {
  const siteUrl = env.TEST_SITE_PORT ? `http://127.0.0.1:${env.TEST_SITE_PORT}` : TEST_SITE_URL;
  return {
    command: 'node scripts/serve-test.mjs',
    url: `${siteUrl}/`,
    env: { ...process.env, ...env } as Record<string, string>,
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
  globalTeardown: './tests/e2e/helpers/global-teardown.ts',
  // Two cores are shared by everything; more workers only make tests time out.
  workers: 2,
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
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.development\.spec\.ts$/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      // The pages against a development-mode provider: sections hide, nothing breaks.
      name: 'development',
      testMatch: /\.development\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: TEST_DEV_SITE_URL,
        sandboxUrl: TEST_DEV_SANDBOX_URL,
      },
    },
    {
      name: 'mobile',
      testIgnore: /\.development\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        // 2, not a phone's 3: a third fewer pixels to paint on two shared cores.
        deviceScaleFactor: 2,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  webServer: [
    testServer(),
    testServer({ TEST_SITE_PORT: String(TEST_DEV_SITE_PORT), TEST_SANDBOX_PORT: String(TEST_DEV_SANDBOX_PORT), TEST_API_PROFILE: 'development' }),
  ],
});
