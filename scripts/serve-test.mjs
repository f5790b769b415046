// The end-to-end tests' server (Playwright's webServer): a FRESH sandbox on a
// temporary data directory and the BUILT site, on the test ports, so a test run
// never touches the data or the ports of a running `npm start`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshotBuild } from './lib/build.mjs';
import { findPortClash } from './lib/services.mjs';
import { describeExit, startStack } from './lib/stack.mjs';

const HOST = '127.0.0.1';

// The tests define their world: no provider or sandbox setting leaks in from the shell.
for (const name of Object.keys(process.env)) {
  if (/^(PROVIDER|SPOTIFY_|SANDBOX_|SITE_URL$|REDIS_URL$|SESSION_DIR$)/.test(name)) delete process.env[name];
}
const sitePort = Number(process.env.TEST_SITE_PORT ?? 4331);
const sandboxPort = Number(process.env.TEST_SANDBOX_PORT ?? 4332);
// The second stack of the run answers as Spotify does for development-mode apps (DESIGN §2).
const apiProfile = process.env.TEST_API_PROFILE === 'development' ? 'development' : 'extended';

const clash = await findPortClash([
  { port: sitePort, what: 'the test site', variable: 'TEST_SITE_PORT', command: 'npm run test:e2e' },
  { port: sandboxPort, what: 'the test sandbox', variable: 'TEST_SANDBOX_PORT', command: 'npm run test:e2e' },
]);
if (clash) {
  console.error(clash);
  process.exit(1);
}

// `npm test` builds first; building here when stale makes `npm run test:e2e` alone
// safe too. The site runs from a copy so a rebuild during the run cannot break it.
const distDir = await snapshotBuild('e2e-site');

const dataDir = mkdtempSync(join(tmpdir(), 'my-music-test-sandbox-'));
// The site's sessions too live in the run's own folder, gone with it.
const sessionDir = join(dataDir, 'sessions');
let stopping = false;

const stack = startStack({
  host: HOST,
  sitePort,
  sandboxPort,
  distDir,
  restartableSandbox: true,
  sandboxEnv: {
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_SIZE: 'small',
    SANDBOX_FAULTS: '1',
    SANDBOX_API_PROFILE: apiProfile,
    SANDBOX_PUBLIC_URL: `http://${HOST}:${sandboxPort}`,
  },
  // The real provider is never tested here: whatever the caller's shell says.
  // No catalogue cache: each test scripts the provider's answers with faults, which an answer
  // kept from an earlier test would hide (tests/unit/catalogue-cache.test.ts proves the cache).
  siteEnv: { PROVIDER: 'sandbox', SITE_URL: `http://${HOST}:${sitePort}`, SESSION_DIR: sessionDir, CATALOGUE_CACHE_TTL: '0' },
});

async function shutDown(exitCode) {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutDown(0));
process.on('SIGINT', () => void shutDown(0));

stack.firstExit.then((exit) => {
  if (stopping) return;
  console.error(`serve-test: the ${exit.name} stopped (${describeExit(exit)}).`);
  void shutDown(1);
});
try {
  await stack.ready;
  console.log(`serve-test: ready: site ${stack.siteUrl}, sandbox ${stack.sandboxUrl} (${apiProfile} profile), data ${dataDir}`);
} catch (error) {
  console.error(`serve-test: ${error.message}`);
  await shutDown(1);
}
