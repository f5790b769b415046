/**
 * `node --import tsx bench/memory.ts` (also run by `npm run bench`): does the app leak?
 * The built site and a fresh small sandbox on the bench ports + 8; the guest signs in
 * through the real flow and plays an album on the site's own SDK device (repeat on, so it
 * keeps playing). Then 200 in-app page switches (Astro's client router, a click on a link)
 * round the main routes, and playback goes on until it has lasted MEMORY_BENCH_PLAY_SECONDS
 * (default 600: the sandbox has no faster clock, its audio plays in real time).
 * The JS heap in use, after a forced garbage collection (DevTools' HeapProfiler), is read at
 * the start, after 20 switches, after 200 and at the end, each time on home once hydrated. Budget: the end within 1.2 times
 * the 20-switch figure (a leak from stores, listeners, timers or the SDK's event stream grows
 * with switches and time). Both the whole heap and the heap without its compiled code are
 * judged: heap snapshots showed the whole heap's growth, once the pages were all seen, to be
 * compiled code (2.4 to 3.0 MB over 160 switches, flat objects), which a leak is not.
 * Writes bench/results/memory.json.
 */
import type { CDPSession, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { switchInApp } from '../tests/e2e/helpers/in-app';
import { accessTokenOf } from '../tests/e2e/helpers/access-token';
import { signInThroughProvider } from '../tests/e2e/helpers/sign-in';
import { startBenchWithBrowser } from './lib/bench-stack';

const SWITCHES = Number(process.env.MEMORY_BENCH_SWITCHES ?? 200);
const PLAY_SECONDS = Number(process.env.MEMORY_BENCH_PLAY_SECONDS ?? 600);
const BUDGET_RATIO = 1.2;

/** DOM nodes and JS event listeners alive (after the last GC): detached pages and forgotten listeners show here first. */
const domCounters: Record<string, { nodes: number; jsEventListeners: number }> = {};
/** The heap's compiled code apart from everything else, in MB (see heapParts). */
const heapParts: Record<string, { codeMb: number; objectsMb: number }> = {};

/**
 * What the JS heap holds, from a heap snapshot: compiled code (V8's optimised and baseline code
 * for functions as they grow hot, which grows for minutes and stops, as the engine settles) and
 * everything else (objects, arrays, closures, strings, their shapes), where a leak of ours
 * grows. The snapshot's `native` nodes are the browser's own (DOM) heap, outside the JS heap's figure.
 */
async function heapPartsMb(cdp: CDPSession): Promise<{ codeMb: number; objectsMb: number }> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const [typeAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('self_size')];
  let code = 0;
  let objects = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = typeNames[snapshot.nodes[at + typeAt]!];
    const size = snapshot.nodes[at + sizeAt]!;
    if (type === 'code') code += size;
    else if (type !== 'native' && type !== 'synthetic') objects += size;
  }
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2));
  return { codeMb: mb(code), objectsMb: mb(objects) };
}

/**
 * Every reading is taken on the same page (home, the heaviest), once its islands have hydrated:
 * a page hydrates once the user has acted (client:intent: a switch is a click), after it has settled, and a
 * reading taken before that missed its React tree and listeners (the 20-switch reading fell on a
 * playlist page not yet hydrated, the last on a hydrated home: 300 listeners and more apart).
 */
async function onCheckpointPage(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await switchTo(page, '/');
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, { timeout: 15_000 });
}

async function heapMb(cdp: CDPSession, label: string): Promise<number> {
  // Twice: a first collection can leave finalizers' garbage behind for the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
  domCounters[label] = { nodes, jsEventListeners };
  heapParts[label] = await heapPartsMb(cdp);
  return Number((usedSize / 1024 / 1024).toFixed(2));
}

/** An in-app move: a click on a link to `path`, as a person makes it; resolves when the new page has loaded and settled. */
async function switchTo(page: Page, path: string): Promise<void> {
  await switchInApp(page, path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function api<T>(sandboxUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${sandboxUrl}/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const { stack, browser, cleanUp } = await startBenchWithBrowser('memory-bench', { portOffset: 8 });

try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await signInThroughProvider(page, stack.siteUrl, stack.sandboxUrl, 'guest');
  await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
  const token = (await accessTokenOf(page)) ?? '';
  type Items = { items: ({ id: string } | null)[] };
  const found = await api<{ albums: Items; artists: Items; playlists: Items }>(stack.sandboxUrl, token, 'search?q=a&type=album,artist,playlist&limit=5');
  const first = (list: Items) => list.items.find((item) => item !== null)!.id;
  const albumPath = `/album/${first(found.albums)}`;
  const paths = ['/', '/search?q=a', albumPath, `/artist/${first(found.artists)}`, `/playlist/${first(found.playlists)}`, '/collection', '/user/me', '/search'];

  // An album plays, repeating, on the page's own device.
  await switchTo(page, albumPath);
  await page.locator('[aria-label^="Tracks of"] [data-track-id]').first().getByRole('button', { name: /^Play / }).click();
  const card = page.getByRole('region', { name: 'Player' });
  await card.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  await card.getByRole('button', { name: /repeat/i }).click();
  const playStarted = Date.now();

  await onCheckpointPage(page);
  const figures: Record<string, number> = { start: await heapMb(cdp, 'start') };
  for (let n = 1; n <= SWITCHES; n++) {
    await switchTo(page, paths[n % paths.length]!);
    if (n === 20 || n === 100) {
      await onCheckpointPage(page);
      figures[`after${n}`] = await heapMb(cdp, `after${n}`);
    }
  }
  await onCheckpointPage(page);
  figures[`after${SWITCHES}`] = await heapMb(cdp, `after${SWITCHES}`);
  const left = PLAY_SECONDS * 1000 - (Date.now() - playStarted);
  if (left > 0) await page.waitForTimeout(left);
  const playedSeconds = Math.round((Date.now() - playStarted) / 1000);
  const stillPlaying = await card.getByRole('button', { name: 'Pause', exact: true }).isVisible();
  await onCheckpointPage(page);
  figures.end = await heapMb(cdp, 'end');

  const ratio = figures.end! / figures.after20!;
  const objectsRatio = heapParts.end!.objectsMb / heapParts.after20!.objectsMb;
  console.log(`\nJS heap in use after forced GC (MB): start ${figures.start}, after 20 switches ${figures.after20}, after ${SWITCHES} ${figures[`after${SWITCHES}`]}, end ${figures.end} (${playedSeconds} s of playback${stillPlaying ? ', still playing' : ', NOT playing at the end'})`);
  console.log(`  of which compiled code / everything else: ${Object.entries(heapParts).map(([label, part]) => `${label} ${part.codeMb}/${part.objectsMb}`).join(', ')}`);
  console.log(`DOM nodes / JS listeners: ${Object.entries(domCounters).map(([label, c]) => `${label} ${c.nodes}/${c.jsEventListeners}`).join(', ')}`);
  console.log(`Budget: end ≤ ${BUDGET_RATIO} × the 20-switch figure: the whole heap ${ratio.toFixed(2)}× ${ratio <= BUDGET_RATIO ? 'met' : 'MISSED'}; without compiled code ${objectsRatio.toFixed(2)}× ${objectsRatio <= BUDGET_RATIO ? 'met' : 'MISSED'}`);
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  const file = join(process.cwd(), 'bench', 'results', 'memory.json');
  writeFileSync(
    file,
    JSON.stringify(
      { measuredAt: new Date().toISOString(), chromium: browser.version(), unit: 'MB', switches: SWITCHES, playedSeconds, stillPlaying, heap: figures, heapParts, domCounters, ratioEndTo20: Number(ratio.toFixed(3)), objectsRatioEndTo20: Number(objectsRatio.toFixed(3)) },
      null,
      2,
    ),
  );
  console.log(`Written: ${file}`);
} catch (error) {
  console.error(`memory bench: ${(error as Error).message}`);
  await cleanUp();
  process.exit(1);
}
await cleanUp();
