/**
 * `node --import tsx bench/first-open.ts` (also run by `npm run bench`): how long a part that
 * loads on first use (its own chunk) takes to show, the first time and the next, measured in
 * the page from the event that opens it to the first frame that has it. The built site and a
 * fresh small sandbox on the bench ports, desktop, the guest signed in; every run is a fresh
 * page (the chunks in the HTTP cache, as on a second visit; the service worker blocked).
 * The parts: a track row's menu by right click (no pointer came over the row first, the worst
 * case: the chunk is asked for at the click), the command palette (Ctrl+K) and the queue panel,
 * each on a page the pointer has moved over (its islands hydrated); and the row's menu on a page
 * nobody has touched, where the right click is the first input: it waits for the list's island
 * to load and hydrate (src/components/shell/hydrate-on-intent.ts), the cost of that wait.
 * Median of FIRST_OPEN_RUNS (5). No budget: SPEC asks for a menu at once; this shows the cost
 * of a part left out of the route's JavaScript. Writes bench/results/first-open.json
 * (first-open-phone.json on a phone's network).
 */
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { actOnPage } from '../tests/e2e/helpers/in-app';
import { signInThroughProvider } from '../tests/e2e/helpers/sign-in';
import { startBenchWithBrowser } from './lib/bench-stack';

const RUNS = Number(process.env.FIRST_OPEN_RUNS ?? 5);
/** FIRST_OPEN_CPU=4 slows the page's CPU that many times, as Lighthouse's phone does (1: the desktop as it is). */
const CPU_SLOWDOWN = Number(process.env.FIRST_OPEN_CPU ?? 1);
/**
 * FIRST_OPEN_NETWORK=phone puts the page on a slow phone's network (150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, as Lighthouse's mobile preset) and starts each untouched page with an empty
 * HTTP cache, as a first visit: its first input then waits for the island's code over the network,
 * where each level of imports found one after another costs a round trip.
 */
const PHONE_NETWORK = process.env.FIRST_OPEN_NETWORK === 'phone';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

/** Fires `open` in the page and resolves to the milliseconds until a frame shows `selector`. */
async function timeOpen(page: Page, selector: string, open: () => Promise<void>): Promise<number> {
  await page.evaluate((wanted) => {
    const timing = window as unknown as { __opened?: Promise<number> };
    const started = performance.now();
    // No named function in here: tsx would wrap it in a helper the page does not have.
    timing.__opened = (async () => {
      while (!document.querySelector(wanted)) await new Promise((frame) => requestAnimationFrame(frame));
      await new Promise((frame) => requestAnimationFrame(frame));
      return performance.now() - started;
    })();
  }, selector);
  await open();
  return page.evaluate(() => (window as unknown as { __opened: Promise<number> }).__opened);
}

/** The pointer moves over the page, and its islands hydrate (Astro drops their `ssr` mark then). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector('[data-track-id]'));
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** The page's rows are in (its HTML), and nothing has touched it (its list hydrates by itself only if the player's track is one of its rows). */
async function untouched(page: Page) {
  await page.waitForFunction(() => document.querySelector('[data-track-id]'));
}

const { stack, browser, cleanUp } = await startBenchWithBrowser('first-open-bench', { portOffset: 20 });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughProvider(page, stack.siteUrl, stack.sandboxUrl, 'guest');
  const cdp = await context.newCDPSession(page);
  if (CPU_SLOWDOWN !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (PHONE_NETWORK) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
  }
  const parts: Record<string, { first: number[]; next: number[] }> = {
    'track menu': { first: [], next: [] },
    'command palette': { first: [], next: [] },
    'queue panel': { first: [], next: [] },
    'menu, untouched': { first: [], next: [] },
  };
  const rightClickRow = () => page.locator('.track-row .track-row__duration').first().dispatchEvent('contextmenu', { bubbles: true, cancelable: true });
  const queueButton = page.getByRole('button', { name: 'Queue', exact: true });
  const opens: Record<string, { selector: string; ready?: () => Promise<void>; open: () => Promise<void>; close: () => Promise<void> }> = {
    'track menu': {
      selector: '.track-menu',
      // Dispatched on the row: a pointer moved there would fetch the chunk ahead (what a mouse user gets).
      open: rightClickRow,
      close: () => page.keyboard.press('Escape'),
    },
    'command palette': { selector: '[role="dialog"] [role="combobox"], [role="dialog"] input', open: () => page.keyboard.press('Control+k'), close: () => page.keyboard.press('Escape') },
    // The card shows the account's last played track on every load (its catch-up).
    'queue panel': { selector: '.queue-panel', ready: () => queueButton.waitFor(), open: () => queueButton.click(), close: () => queueButton.click() },
    'menu, untouched': { selector: '.track-menu', open: rightClickRow, close: () => page.keyboard.press('Escape') },
  };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, part] of Object.entries(opens)) {
      const firstVisit = PHONE_NETWORK && name === 'menu, untouched';
      if (firstVisit) await cdp.send('Network.clearBrowserCache');
      await page.goto(`${stack.siteUrl}/search?q=a`);
      await (name === 'menu, untouched' ? untouched(page) : hydrated(page));
      // A first visit's tap comes once the page has settled (its shell's code in), so that what
      // is measured is the island's own code.
      if (firstVisit) await page.waitForLoadState('networkidle');
      await part.ready?.();
      for (const turn of ['first', 'next'] as const) {
        parts[name]![turn].push(await timeOpen(page, part.selector, part.open));
        await part.close();
        await page.waitForFunction((selector) => !document.querySelector(selector), part.selector);
      }
    }
  }
  console.log(`\nFirst and next open of a lazy part (desktop${CPU_SLOWDOWN === 1 ? '' : `, CPU ${CPU_SLOWDOWN}x slower`}${PHONE_NETWORK ? ", a slow phone's network, the untouched page's first visit" : ''}, ${RUNS} fresh pages each, median, ms from the event to the frame that shows it)\n`);
  const results = Object.entries(parts).map(([name, { first, next }]) => ({ part: name, firstMs: round(median(first)), nextMs: round(median(next)), firstRuns: first.map(round) }));
  for (const row of results) console.log(`${row.part.padEnd(18)} first ${String(row.firstMs).padStart(6)}   next ${String(row.nextMs).padStart(6)}   (first runs: ${row.firstRuns.join(', ')})`);
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const written = PHONE_NETWORK ? 'first-open-phone.json' : 'first-open.json';
  writeFileSync(join(dir, written), `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, phoneNetwork: PHONE_NETWORK, results }, null, 2)}\n`);
  console.log(`Written: bench/results/${written}`);
} finally {
  await cleanUp();
}
