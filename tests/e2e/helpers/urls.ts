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

/**
 * The run's third stack, for the specs that play music (the player, the queue, autoplay, the
 * sandbox's SDK): they hold their sandbox alone (playback is one per account), and on a stack
 * of their own they no longer stop the rest of the suite while they do.
 */
export const TEST_PLAYBACK_SITE_PORT = Number(process.env.TEST_SITE_PORT ?? '4331') + 4;
export const TEST_PLAYBACK_SITE_URL = `http://127.0.0.1:${TEST_PLAYBACK_SITE_PORT}`;
export const TEST_PLAYBACK_SANDBOX_PORT = Number(process.env.TEST_SANDBOX_PORT ?? '4332') + 4;
export const TEST_PLAYBACK_SANDBOX_URL = `http://127.0.0.1:${TEST_PLAYBACK_SANDBOX_PORT}`;

/** What a spec that plays music says at its top: `test.use(ON_PLAYBACK_STACK)`. */
export const ON_PLAYBACK_STACK = { baseURL: TEST_PLAYBACK_SITE_URL, sandboxUrl: TEST_PLAYBACK_SANDBOX_URL } as const;
