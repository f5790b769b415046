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
    projects: [
      {
        extends: true,
        test: { name: 'client', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        extends: true,
        test: { name: 'sandbox', include: ['sandbox/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 120000 },
      },
    ],
  },
});
