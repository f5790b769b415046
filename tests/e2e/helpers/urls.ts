// The test ports of docs/ARCHITECTURE.md, apart from `npm start`'s 4321/4322.
// TEST_SITE_PORT and TEST_SANDBOX_PORT move them when something else holds them.

/** The built site under test. */
export const TEST_SITE_URL = `http://127.0.0.1:${process.env.TEST_SITE_PORT ?? '4331'}`;

/** The fresh sandbox the test run starts (scripts/serve-test.mjs). */
export const TEST_SANDBOX_URL = `http://127.0.0.1:${process.env.TEST_SANDBOX_PORT ?? '4332'}`;

/** The run's second stack: the same site against a sandbox in the development profile (DESIGN §2). */
export const TEST_DEV_SITE_PORT = Number(process.env.TEST_SITE_PORT ?? '4331') + 2;
export const TEST_DEV_SITE_URL = `http://127.0.0.1:${TEST_DEV_SITE_PORT}`;
export const TEST_DEV_SANDBOX_PORT = Number(process.env.TEST_SANDBOX_PORT ?? '4332') + 2;
export const TEST_DEV_SANDBOX_URL = `http://127.0.0.1:${TEST_DEV_SANDBOX_PORT}`;
