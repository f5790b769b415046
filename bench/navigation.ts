/**
 * `node --import tsx bench/navigation.ts` (also run by `npm run bench`): how soon
 * the browsing pages show their content. The built site and a fresh sandbox at the
 * medium size run on the bench ports; the guest signs in through the real flow.
 * For `/`, `/album/{id}`, `/artist/{id}` and `/playlist/{id}` it measures, median
 * of 10 runs each:
 * - cold: a full page load, from navigation start to the first track row visible;
 * - switch: an in-app move as a mouse user makes it (the pointer rests on the link,
 *   which fetches the page ahead, then clicks), from the click to the first track row
 *   of the new page visible;
 * - back: the browser's back button from there, to the previous page's link visible
 *   again, with the requests it makes to the provider and to the site;
 * and the provider requests each makes. Budgets (printed, not asserted): cold ≤ 300 ms,
 * switch ≤ 60 ms, back ≤ 50 ms with no provider request. Writes bench/results/navigation.json.
 * NAVIGATION_BENCH_ROUTES=/,/album/{id} limits the routes; NAVIGATION_BENCH_DEBUG=1 prints the
 * page's console, its navigations and every request counted.
 */
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessTokenOf } from '../tests/e2e/helpers/access-token';
import { restPointerOn } from '../tests/e2e/helpers/in-app';
import { signInThroughProvider } from '../tests/e2e/helpers/sign-in';
import { startBenchWithBrowser } from './lib/bench-stack';

const RUNS = Number(process.env.NAVIGATION_BENCH_RUNS ?? 10);
const BUDGET_MS = { cold: 300, switch: 60, back: 50 } as const;
/** How long the pointer rests on the link before the click (a mouse user's approach). */
const HOVER_MS = 150;
const size = process.env.NAVIGATION_BENCH_SIZE ?? 'medium';

/** A route to measure: where it is, which track rows are its content, and a page that links to it. */
interface Target {
  route: string;
  path: string;
  content: string;
  from: string;
  link: string;
}

interface Sample {
  ms: number;
  requests: number;
  /** In-app moves: the part spent before the router swapped the page in (fetching the new page's HTML). */
  swapMs?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Resolves, inside the page, to performance.now() when `selector` first shows a visible element. */
const WHEN_VISIBLE = `(selector) => new Promise((resolve) => {
  const seen = () => { const element = document.querySelector(selector); return element && element.getBoundingClientRect().height > 0; };
  if (seen()) return resolve(performance.now());
  const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); resolve(performance.now()); } });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})`;

async function api<T>(sandboxUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${sandboxUrl}/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}

async function targets(sandboxUrl: string, token: string): Promise<Target[]> {
  type Items<T> = { items: T[] };
  const artists = (await api<{ artists: Items<{ id: string }> }>(sandboxUrl, token, 'search?q=a&type=artist&limit=10')).artists.items;
  const artist = artists[0]!;
  const albums = (await api<Items<{ id: string }>>(sandboxUrl, token, `artists/${artist.id}/albums?limit=10`)).items;
  const featured = (await api<{ playlists: Items<{ id: string }> }>(sandboxUrl, token, 'browse/featured-playlists?limit=10')).playlists.items;
  const albumId = albums[0]!.id;
  const playlistId = featured[0]!.id;
  return [
    { route: '/', path: '/', content: '[aria-label^="Tranding Songs"] [data-track-id]', from: `/album/${albumId}`, link: 'a[href="/"]' },
    { route: '/album/{id}', path: `/album/${albumId}`, content: '[aria-label^="Tracks of"] [data-track-id]', from: `/artist/${artist.id}`, link: `a[href="/album/${albumId}"]` },
    { route: '/artist/{id}', path: `/artist/${artist.id}`, content: '[aria-label^="Popular tracks of"] [data-track-id]', from: `/album/${albumId}`, link: `.detail-header a[href="/artist/${artist.id}"]` },
    { route: '/playlist/{id}', path: `/playlist/${playlistId}`, content: '[aria-label^="Tracks of"] [data-track-id]', from: '/playlist/popular', link: `a[href="/playlist/${playlistId}"]` },
  ];
}

function countRequests(page: Page, sandboxUrl: string, siteUrl?: string): { count: () => number; stop: () => void } {
  let count = 0;
  // The provider's API, and the site's pages (a document or the router's fetch; not its files).
  const listener = (request: { url(): string; resourceType(): string }) => {
    const url = request.url();
    const page = siteUrl && url.startsWith(siteUrl) && ['document', 'fetch'].includes(request.resourceType()) && !url.includes('/session/');
    if (!url.startsWith(`${sandboxUrl}/v1/`) && !page) return;
    count++;
    if (process.env.NAVIGATION_BENCH_DEBUG) console.log('request', url);
  };
  page.on('request', listener);
  return { count: () => count, stop: () => page.off('request', listener) };
}

async function settle(page: Page): Promise<void> {
  // Requests a page makes right after its first rows (likes, more sections) count too.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function cold(page: Page, siteUrl: string, sandboxUrl: string, target: Target): Promise<Sample> {
  const requests = countRequests(page, sandboxUrl);
  await page.goto(`${siteUrl}${target.path}`, { waitUntil: 'commit' });
  const ms = (await page.evaluate(`(${WHEN_VISIBLE})(${JSON.stringify(target.content)})`)) as number;
  await settle(page);
  requests.stop();
  return { ms, requests: requests.count() };
}

async function clickAndWait(page: Page, link: string, content: string): Promise<[total: number, swap: number]> {
  return (await page.evaluate(
    `(async () => {
      const visible = (${WHEN_VISIBLE});
      const started = performance.now();
      document.querySelector(${JSON.stringify(link)}).click();
      // The old page's rows match too until the router swaps the page: wait for the new one.
      await new Promise((resolve) => document.addEventListener('astro:after-swap', resolve, { once: true }));
      const swapped = performance.now();
      const shown = await visible(${JSON.stringify(content)});
      return [shown - started, swapped - started];
    })()`,
  )) as [number, number];
}

async function backAndWait(page: Page, link: string): Promise<number> {
  return (await page.evaluate(
    `(async () => {
      const visible = (${WHEN_VISIBLE});
      const started = performance.now();
      history.back();
      await new Promise((resolve) => document.addEventListener('astro:after-swap', resolve, { once: true }));
      return (await visible(${JSON.stringify(link)})) - started;
    })()`,
  )) as number;
}

async function inApp(page: Page, siteUrl: string, sandboxUrl: string, target: Target): Promise<{ switch: Sample; back: Sample }> {
  await page.goto(`${siteUrl}${target.from}`);
  await page.waitForSelector(target.link, { state: 'visible' });
  await settle(page);
  let requests = countRequests(page, sandboxUrl);
  await restPointerOn(page.locator(target.link).first());
  await page.waitForTimeout(HOVER_MS);
  const [switchMs, switchSwap] = await clickAndWait(page, target.link, target.content);
  await settle(page);
  requests.stop();
  const switchSample = { ms: switchMs, requests: requests.count(), swapMs: switchSwap };
  // Back to the page the move came from: the provider and the site are asked nothing.
  requests = countRequests(page, sandboxUrl, siteUrl);
  const backMs = await backAndWait(page, target.link);
  await settle(page);
  requests.stop();
  return { switch: switchSample, back: { ms: backMs, requests: requests.count() } };
}

const { stack, browser, cleanUp } = await startBenchWithBrowser('navigation-bench', { size, portOffset: 4 });

try {
  const sandboxUrl = stack.sandboxUrl;
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // tsx compiles with esbuild's keepNames, whose __name helper does not exist in the page.
  await page.addInitScript('window.__name = (fn) => fn');
  if (process.env.NAVIGATION_BENCH_DEBUG) page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  if (process.env.NAVIGATION_BENCH_DEBUG) page.on('framenavigated', (f) => console.log('navigated', f.url()));
  await signInThroughProvider(page, stack.siteUrl, sandboxUrl, 'guest');
  const token = (await accessTokenOf(page)) ?? '';
  const rows = [];
  const only = process.env.NAVIGATION_BENCH_ROUTES?.split(',');
  for (const target of (await targets(sandboxUrl, token)).filter((one) => !only || only.includes(one.route))) {
    const samples = { cold: [] as Sample[], switch: [] as Sample[], back: [] as Sample[] };
    for (let run = 0; run < RUNS; run++) {
      samples.cold.push(await cold(page, stack.siteUrl, sandboxUrl, target));
      const moves = await inApp(page, stack.siteUrl, sandboxUrl, target);
      samples.switch.push(moves.switch);
      samples.back.push(moves.back);
    }
    const round = (value: number) => Math.round(value * 10) / 10;
    const summary = (list: Sample[]) => ({
      medianMs: round(median(list.map((s) => s.ms))),
      medianRequests: median(list.map((s) => s.requests)),
      ...(list[0]?.swapMs === undefined ? {} : { medianSwapMs: round(median(list.map((s) => s.swapMs ?? 0))) }),
    });
    rows.push({ route: target.route, cold: summary(samples.cold), switch: summary(samples.switch), back: summary(samples.back) });
  }
  console.log(`\nContent visible (median of ${RUNS}, ${size} sandbox); (page swap part); [requests]\n`);
  console.log(['route'.padEnd(16), 'cold load'.padEnd(26), 'in-app switch (hovered)'.padEnd(26), 'back [site+provider]'.padEnd(26)].join(''));
  for (const row of rows) {
    const cell = (s: { medianMs: number; medianRequests: number; medianSwapMs?: number }) =>
      `${s.medianMs} ms${s.medianSwapMs === undefined ? '' : ` (${s.medianSwapMs})`} [${s.medianRequests}]`.padEnd(26);
    console.log(`${row.route.padEnd(16)}${cell(row.cold)}${cell(row.switch)}${cell(row.back)}`);
  }
  for (const kind of ['cold', 'switch', 'back'] as const) {
    const worst = Math.max(...rows.map((row) => row[kind].medianMs));
    console.log(`Budget ${kind} ≤ ${BUDGET_MS[kind]} ms: slowest median ${worst} ms (${(worst / BUDGET_MS[kind]).toFixed(2)} of budget)`);
  }
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  const file = join(process.cwd(), 'bench', 'results', 'navigation.json');
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), chromium: browser.version(), size, runs: RUNS, unit: 'ms', routes: rows }, null, 2));
  console.log(`Written: ${file}`);
} catch (error) {
  console.error(`navigation bench: ${(error as Error).message}`);
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages[0]) await pages[0].screenshot({ path: join(tmpdir(), 'navigation-bench-failure.png') }).catch(() => undefined);
  console.error(`The page at the failure: ${join(tmpdir(), 'navigation-bench-failure.png')}`);
  await cleanUp();
  process.exit(1);
}
await cleanUp();
