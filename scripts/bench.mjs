// `npm run bench`: what each route costs a browser. Builds the site, starts it
// with a fresh sandbox (like the e2e server, on its own ports), signs in through
// the real flow, loads every route in Chromium and sums the gzipped JavaScript and
// CSS it downloads. Prints a table and writes bench/results/routes.json.
// Then runs bench/sandbox.ts, bench/playback.ts, bench/catch-up.ts (a second browser shows
// what plays), bench/search.ts, bench/navigation.ts (time to content on cold loads and in-app
// switches), bench/streaming.ts (what the detail pages' streaming gives a cold load, on
// loopback and with a slow provider), bench/server-render.ts (the server's render of an album
// page), bench/lighthouse.ts (scores), bench/blocking.ts (a phone's main thread held by a cold
// load), bench/memory.ts (JS heap over switches and playback), bench/first-open.ts (how soon
// a part that loads on first use shows) and bench/island-share.ts (how much of a page's content
// would stay an island with islands only where the user acts) when they exist.
// Flags: --site-only (skip them), --skip-sandbox, --skip-playback, --skip-catch-up, --skip-search, --skip-navigation,
// --skip-streaming, --skip-server-render, --skip-lighthouse, --skip-blocking, --skip-memory, --skip-first-open,
// --skip-island-share.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { snapshotBuild } from './lib/build.mjs';
import { measureRoute } from './lib/measure.mjs';
import { ROOT } from './lib/paths.mjs';
import { routePatterns, routesToLoad, sampleParams } from './lib/routes.mjs';
import { findPortClash } from './lib/services.mjs';
import { startStack } from './lib/stack.mjs';

const flags = new Set(process.argv.slice(2));
const HOST = '127.0.0.1';
const sitePort = Number(process.env.BENCH_SITE_PORT ?? 4361);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4362);

const helpers = (path) => tsImport(join(ROOT, 'tests/e2e/helpers', path), import.meta.url);
const { chromiumArgs, chromiumPath } = await helpers('chromium.ts');
const { signInThroughProvider } = await helpers('sign-in.ts');
const { accessTokenOf } = await helpers('access-token.ts');

const clash = await findPortClash([
  { port: sitePort, what: 'the bench site', variable: 'BENCH_SITE_PORT', command: 'npm run bench' },
  { port: sandboxPort, what: 'the bench sandbox', variable: 'BENCH_SANDBOX_PORT', command: 'npm run bench' },
]);
if (clash) {
  console.error(clash);
  process.exit(1);
}
// Built when stale, then run from a copy that a concurrent rebuild cannot change.
const distDir = await snapshotBuild('bench-site');

const dataDir = mkdtempSync(join(tmpdir(), 'my-music-bench-sandbox-'));
const stack = startStack({
  host: HOST,
  sitePort,
  sandboxPort,
  distDir,
  sandboxEnv: { SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small', SANDBOX_PUBLIC_URL: `http://${HOST}:${sandboxPort}` },
  siteEnv: { PROVIDER: 'sandbox', SITE_URL: `http://${HOST}:${sitePort}` },
});
let browser = null;
const cleanUp = async () => {
  await browser?.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const kb = (bytes) => (bytes / 1024).toFixed(1);
let rows;
let browserVersion = '';
try {
  await stack.ready;
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  browserVersion = browser.version();

  // Sign in once, the way a person does, and reuse that session cookie for every signed-in route.
  const signInContext = await browser.newContext({ serviceWorkers: 'block' });
  const signInPage = await signInContext.newPage();
  await signInThroughProvider(signInPage, stack.siteUrl, stack.sandboxUrl, 'guest');
  const token = await accessTokenOf(signInPage);
  const signedIn = await signInContext.storageState();
  await signInContext.close();

  const params = await sampleParams(stack.sandboxUrl, token);
  rows = [];
  for (const entry of routesToLoad(routePatterns(), params)) {
    if (entry.skipped) {
      rows.push(entry);
      continue;
    }
    const storageState = entry.signedIn ? signedIn : undefined;
    try {
      const result = await measureRoute(browser, { url: `${stack.siteUrl}${entry.url}`, storageState });
      rows.push({ ...entry, ...result });
    } catch (error) {
      rows.push({ ...entry, skipped: `failed: ${error.message.split('\n')[0]}` });
    }
  }
} catch (error) {
  console.error(`bench: ${error.message}`);
  await cleanUp();
  process.exit(1);
}
await cleanUp();

console.log('\nPer route: JavaScript and CSS a browser downloads (gzip -9 of each response, KiB)\n');
// "js gz" is a page nobody has touched; "acted" once the pointer has moved over it (its islands hydrate then).
const header = ['route', 'status', 'js files', 'js gz', 'acted files', 'acted gz', 'css files', 'css gz', 'inline js B', 'ended on'];
const table = rows.map((row) =>
  row.skipped
    ? [row.route, `skipped: ${row.skipped}`, '', '', '', '', '', '', '', '']
    : [row.route, String(row.status), String(row.jsFiles), kb(row.jsGzip), String(row.jsFilesActed), kb(row.jsGzipActed), String(row.cssFiles), kb(row.cssGzip),
      String(row.inlineJs), row.loaded ? row.finalPath : `${row.finalPath} (no load event)`],
);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
for (const cells of [header, ...table]) console.log(cells.map((cell, column) => cell.padEnd(widths[column])).join('  '));

mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
// One file, overwritten, like the other benches': git history keeps the earlier runs.
const file = join(ROOT, 'bench', 'results', 'routes.json');
writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), chromium: browserVersion, unit: 'bytes', routes: rows }, null, 2));
console.log(`\nWritten: ${file}`);

/** The other engineers' benches, each its own process with its own setup. */
const more = [
  ['bench/sandbox.ts', flags.has('--site-only') || flags.has('--skip-sandbox')],
  ['bench/playback.ts', flags.has('--site-only') || flags.has('--skip-playback')],
  ['bench/catch-up.ts', flags.has('--site-only') || flags.has('--skip-catch-up')],
  ['bench/search.ts', flags.has('--site-only') || flags.has('--skip-search')],
  ['bench/navigation.ts', flags.has('--site-only') || flags.has('--skip-navigation')],
  ['bench/streaming.ts', flags.has('--site-only') || flags.has('--skip-streaming')],
  ['bench/server-render.ts', flags.has('--site-only') || flags.has('--skip-server-render')],
  ['bench/lighthouse.ts', flags.has('--site-only') || flags.has('--skip-lighthouse')],
  ['bench/blocking.ts', flags.has('--site-only') || flags.has('--skip-blocking')],
  ['bench/memory.ts', flags.has('--site-only') || flags.has('--skip-memory')],
  ['bench/first-open.ts', flags.has('--site-only') || flags.has('--skip-first-open')],
  ['bench/island-share.ts', flags.has('--site-only') || flags.has('--skip-island-share')],
];
for (const [script, skip] of more) {
  if (skip || !existsSync(join(ROOT, script))) continue;
  console.log(`\n=== ${script} ===`);
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) {
    console.error(`bench: ${script} failed (exit code ${code})`);
    process.exit(1);
  }
}
