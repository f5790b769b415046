import { defineConfig } from 'vitest/config';

// Two kinds of unit tests: the client's (lib, stores, api, islands) in a DOM,
// and the sandbox's (all under sandbox/tests/), over real HTTP against a sandbox on a temporary data
// directory started by sandbox/tests/harness.ts, the one harness both kinds use.
/**
 * The client's files run in vmThreads (each file in a fresh VM context of a long-lived worker,
 * module state as fresh as a new thread's): a new worker thread per file spent more on starting
 * than on testing (the client's files: 42 s against 19). These few need a thread of their own:
 * the session tests point Node's fetch at the site through undici's global origin, which undici
 * reads from the worker's real global, not a VM context's (helpers/site-session.ts); hydrate-once
 * counts a page's renders, and in a VM context its page renders twice where a thread renders it
 * once (why was not looked into: the file keeps the setting its counts were made under);
 * lint-layering loads ESLint and its plugins, four times slower in a VM context (8 s against 2,
 * and its first test timed out beside the type checks). The sandbox's files gain nothing there
 * (their time is their tests').
 */
const OWN_THREAD = [
  'tests/unit/session.test.ts',
  'tests/unit/api-sandbox-rules.test.ts',
  'tests/unit/error-catalogue.test.ts',
  'tests/unit/islands/hydrate-once.test.tsx',
  'tests/unit/lint-layering.test.ts',
];

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // Vitest's default leaves one of two cores idle; most of a file's time is its
    // own start (collect, environment), which runs side by side well: 128 s → 83 s.
    maxWorkers: 2,
    // Worker threads rather than child processes: a file's start is most of its time, and a
    // thread starts cheaper (alone: 85 s against 89-92 s, and 11 s less CPU, which the type
    // checks beside the unit tests in npm test share).
    pool: 'threads',
    projects: [
      {
        // The islands render into a DOM; the rest of the client's tests (rules, stores, API
        // modules) need none, and skip happy-dom's start (about 0.45 s a file, 20 s of 85): a
        // store test that does touch the document says so on its first line
        // (`// @vitest-environment happy-dom`), and fails without it.
        extends: true,
        test: { name: 'client', pool: 'vmThreads', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ['tests/unit/islands/**', ...OWN_THREAD], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'islands', pool: 'vmThreads', include: ['tests/unit/islands/**/*.test.{ts,tsx}'], exclude: OWN_THREAD, environment: 'happy-dom' },
      },
      {
        extends: true,
        test: { name: 'client (own thread)', include: OWN_THREAD.filter((file) => !file.includes('/islands/')), environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'islands (own thread)', include: OWN_THREAD.filter((file) => file.includes('/islands/')), environment: 'happy-dom' },
      },
      {
        extends: true,
        test: { name: 'sandbox', include: ['sandbox/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 120000 },
      },
    ],
  },
});
