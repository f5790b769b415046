// `npm start`: build when the build is missing or stale, then run the site and
// the sandbox side by side until Ctrl-C or SIGTERM. If either dies, the other is
// stopped too and the exit code is non-zero, so nobody uses half a product.
import { ensureBuilt } from './lib/build.mjs';
import { findPortClash } from './lib/services.mjs';
import { describeExit, startStack } from './lib/stack.mjs';

/** Loopback only: the provider's redirect URI must be 127.0.0.1, never localhost. */
const HOST = process.env.HOST ?? '127.0.0.1';
const useSandbox = process.env.PROVIDER !== 'spotify';
if (!useSandbox && !process.env.SPOTIFY_CLIENT_ID && !process.env.PROVIDER_CLIENT_ID) {
  console.error('PROVIDER=spotify needs SPOTIFY_CLIENT_ID (your app\'s client id; see README, "Using the real Spotify").');
  process.exit(1);
}

function readPort(variable, fallback) {
  const raw = process.env[variable] ?? String(fallback);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${variable}=${raw} is not a port number (1-65535).`);
    process.exit(1);
  }
  return port;
}

const sitePort = readPort('PORT', 4321);
const sandboxPort = useSandbox ? readPort('SANDBOX_PORT', 4322) : null;

const wanted = [{ port: sitePort, host: HOST, what: 'the site', variable: 'PORT', command: 'npm start' }];
if (sandboxPort !== null) {
  wanted.push({ port: sandboxPort, host: HOST, what: 'the sandbox', variable: 'SANDBOX_PORT', command: 'npm start' });
}
const clash = await findPortClash(wanted);
if (clash) {
  console.error(clash);
  process.exit(1);
}

let stack = null;
let stopping = false;

async function shutDown(exitCode) {
  if (stopping) return;
  stopping = true;
  if (stack) await stack.stop();
  process.exit(exitCode);
}
// A terminal's Ctrl-C reaches only this process (the children run in their own
// process groups), so each child is stopped exactly once, in order.
process.on('SIGINT', () => {
  console.log('\nStopping the site and the sandbox...');
  void shutDown(0);
});
process.on('SIGTERM', () => void shutDown(0));

try {
  await ensureBuilt();
} catch (error) {
  if (!stopping) console.error(`npm start: ${error.message}`);
  process.exit(1);
}
if (stopping) process.exit(0);

stack = startStack({
  host: HOST,
  sitePort,
  sandboxPort,
  // An explicit SANDBOX_URL (a sandbox reached through another address) wins.
  siteEnv: process.env.SANDBOX_URL ? { SANDBOX_URL: process.env.SANDBOX_URL } : {},
  ownGroups: true,
});

stack.firstExit.then(async (exit) => {
  if (stopping) return;
  console.error(`npm start: the ${exit.name} stopped (${describeExit(exit)}); stopping the rest.`);
  await shutDown(1);
});

try {
  await stack.ready;
} catch (error) {
  if (!stopping) {
    console.error(`npm start: ${error.message}`);
    await shutDown(1);
  }
}
if (!stopping) {
  const sandboxNote = stack.sandboxUrl ? ` (sandbox provider on ${stack.sandboxUrl})` : ' (provider: spotify)';
  console.log(`\nMy Music is running: open ${stack.siteUrl}${sandboxNote}. Ctrl-C stops it.\n`);
}
