// The test ports of docs/ARCHITECTURE.md, apart from `npm start`'s 4321/4322.
// TEST_SITE_PORT and TEST_SANDBOX_PORT move them when something else holds them.

/** The built site under test. */
export const TEST_SITE_URL = `http://127.0.0.1:${process.env.TEST_SITE_PORT ?? '4331'}`;

/** The fresh sandbox the test run starts (scripts/serve-test.mjs). */
export const TEST_SANDBOX_URL = `http://127.0.0.1:${process.env.TEST_SANDBOX_PORT ?? '4332'}`;
