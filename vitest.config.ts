import { defineConfig } from 'vitest/config';

// Two kinds of unit tests: the client's (lib, stores, api, islands) in a DOM,
// and the sandbox's (all under sandbox/tests/), over real HTTP against a sandbox on a temporary data
// directory started by sandbox/tests/harness.ts, the one harness both kinds use.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
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
