/**
 * `node --import tsx bench/streaming.ts` (also run by `npm run bench`): what streaming gives a
 * cold load. The artist, album and playlist pages leave with their header and stream their list
 * when it is not there with the header (`splitPageSeed`, src/server/page-data.ts); search
 * results leave with the shell and the search box (src/pages/search/index.astro).
 * With the catalogue cache off, every provider call is held STREAMING_BENCH_DELAYS ms (default
 * 0 and 100: loopback, and a provider as far as the real one), and each page is loaded
 * STREAMING_BENCH_RUNS times (default 12) in a desktop browser whose own cache keeps the
 * site's files. Prints, median per page and delay: first byte, the heading in the DOM, first
 * paint, the largest paint and the first track row visible (ms from navigation start), and
 * how many loads streamed. Writes bench/results/streaming.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessTokenOf } from '../tests/e2e/helpers/access-token';
import { signInThroughProvider } from '../tests/e2e/helpers/sign-in';
import { startBenchWithBrowser } from './lib/bench-stack';

const RUNS = Number(process.env.STREAMING_BENCH_RUNS ?? 12);
const DELAYS = (process.env.STREAMING_BENCH_DELAYS ?? '0,100').split(',').map(Number);

/** A page's track rows once they show: its content, as the navigation bench reads it. */
const TRACKS = '#content [aria-label^="Tracks of"] [data-track-id], #content [aria-label^="Popular tracks of"] [data-track-id], #content [aria-label="Songs"] [data-track-id]';

/** Notes, in the page, when the heading first shows, when the first track row does, and the largest paint. */
const RECORDER = `
  window.__marks = {};
  // Any match shown: a streamed page holds two headings, and the first (its skeleton's) hides when the second comes.
  const visible = (selector) => [...document.querySelectorAll(selector)].some((element) => element.getBoundingClientRect().height > 0);
  const note = (name, seen) => { if (!(name in window.__marks) && seen()) window.__marks[name] = performance.now(); };
  const look = () => {
    note('heading', () => visible('#content h1'));
    note('track', () => visible(${JSON.stringify(TRACKS)}));
  };
  // On every change of the document, and every frame: a stylesheet that arrives shows what was hidden without changing the document.
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => { look(); if (!('track' in window.__marks)) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__marks.lcp = entry.startTime;
      const element = entry.element;
      window.__marks.lcpElement = element ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') + (element.closest('.streamed__skeleton') ? ' (skeleton)' : '') : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface Sample {
  firstByte: number;
  heading: number;
  firstPaint: number;
  lcp: number;
  track: number;
  streamed: boolean;
  /** What the largest paint was (tag and first class), and whether it was in the skeleton. */
  lcpElement: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!);
};

async function api<T>(sandboxUrl: string, token: string, path: string): Promise<T> {
  return (await (await fetch(`${sandboxUrl}/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as T;
}

async function setDelay(sandboxUrl: string, delayMs: number): Promise<void> {
  await fetch(`${sandboxUrl}/__sandbox/faults`, { method: 'DELETE' });
  if (delayMs === 0) return;
  const fault = { match: { path: '^/v1/' }, delayMs };
  await fetch(`${sandboxUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault), headers: { 'Content-Type': 'application/json' } });
}

const { stack, browser, cleanUp } = await startBenchWithBrowser('streaming-bench', {
  size: 'medium',
  portOffset: 14,
  sandboxEnv: { SANDBOX_FAULTS: '1' },
  // Every load asks the provider as the first visitor would.
  siteEnv: { CATALOGUE_CACHE_TTL: '0' },
});

try {
  const { siteUrl, sandboxUrl } = stack;
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughProvider(page, siteUrl, sandboxUrl, 'guest');
  const token = (await accessTokenOf(page)) ?? '';
  type Items<T> = { items: T[] };
  const artist = (await api<{ artists: Items<{ id: string }> }>(sandboxUrl, token, 'search?q=a&type=artist&limit=1')).artists.items[0]!;
  const album = (await api<Items<{ id: string }>>(sandboxUrl, token, `artists/${artist.id}/albums?limit=1`)).items[0]!;
  const playlist = (await api<{ playlists: Items<{ id: string }> }>(sandboxUrl, token, 'browse/featured-playlists?limit=1')).playlists.items[0]!;
  const pages = { '/artist/{id}': `/artist/${artist.id}`, '/album/{id}': `/album/${album.id}`, '/playlist/{id}': `/playlist/${playlist.id}`, '/search?q=…': '/search?q=a' };
  await page.addInitScript(RECORDER);
  // Once each, so the browser has the site's files and the site its first render behind it.
  for (const path of Object.values(pages)) await page.goto(`${siteUrl}${path}`);

  const rows: { route: string; delayMs: number; medians: Omit<Sample, 'streamed' | 'lcpElement'>; streamed: number; lcpElements: Record<string, number> }[] = [];
  for (const delayMs of DELAYS) {
    await setDelay(sandboxUrl, delayMs);
    for (const [route, path] of Object.entries(pages)) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto('about:blank');
        await page.goto(`${siteUrl}${path}`);
        // Polled with evaluate: waitForFunction's string form is an eval, which the site's policy refuses.
        for (let waited = 0; !(await page.evaluate('"track" in (window.__marks ?? {})')); waited += 20) {
          if (waited > 30_000) throw new Error(`${path}: no track row within 30 s`);
          await page.waitForTimeout(20);
        }
        // A moment for the largest paint to be reported after the rows.
        await page.waitForTimeout(200);
        samples.push(
          (await page.evaluate(`(() => ({
            ...window.__marks,
            firstByte: performance.getEntriesByType('navigation')[0].responseStart,
            firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
            streamed: document.querySelector('.streamed') !== null,
          }))()`)) as Sample,
        );
      }
      const of = (key: Exclude<keyof Sample, 'streamed' | 'lcpElement'>) => median(samples.map((sample) => sample[key]));
      rows.push({
        route,
        delayMs,
        medians: { firstByte: of('firstByte'), heading: of('heading'), firstPaint: of('firstPaint'), lcp: of('lcp'), track: of('track') },
        streamed: samples.filter((sample) => sample.streamed).length,
        lcpElements: samples.reduce<Record<string, number>>((count, sample) => ({ ...count, [sample.lcpElement]: (count[sample.lcpElement] ?? 0) + 1 }), {}),
      });
    }
  }
  await setDelay(sandboxUrl, 0);

  console.log(`\nCold loads, catalogue cache off, desktop (median of ${RUNS}, ms from navigation start)\n`);
  console.log(['route'.padEnd(16), 'held'.padEnd(7), 'first byte'.padEnd(12), 'heading'.padEnd(9), 'first paint'.padEnd(13), 'LCP'.padEnd(7), 'first track'.padEnd(13), 'streamed'.padEnd(10), 'largest paint'].join(''));
  for (const row of rows) {
    const { firstByte, heading, firstPaint, lcp, track } = row.medians;
    console.log(
      [row.route.padEnd(16), `${row.delayMs}`.padEnd(7), `${firstByte}`.padEnd(12), `${heading}`.padEnd(9), `${firstPaint}`.padEnd(13), `${lcp}`.padEnd(7), `${track}`.padEnd(13), `${row.streamed}/${RUNS}`.padEnd(10), Object.entries(row.lcpElements).map(([what, count]) => `${what} ×${count}`).join(', ')].join(''),
    );
  }
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  const file = join(process.cwd(), 'bench', 'results', 'streaming.json');
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), chromium: browser.version(), size: 'medium', runs: RUNS, unit: 'ms', rows }, null, 2));
  console.log(`Written: ${file}`);
} finally {
  await cleanUp();
}
