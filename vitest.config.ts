import { defineConfig } from 'vitest/config';

// Two kinds of unit tests: the client's (lib, stores, api, islands) in a DOM,
// and the sandbox's (all under sandbox/tests/), over real HTTP against a sandbox on a temporary data
// directory started by sandbox/tests/harness.ts, the one harness both kinds use.
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
        test: { name: 'client', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ['tests/unit/islands/**'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'islands', include: ['tests/unit/islands/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        extends: true,
        test: { name: 'sandbox', include: ['sandbox/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 120000 },
      },
    ],
  },
});
