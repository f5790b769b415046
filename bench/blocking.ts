/**
 * `node --import tsx bench/blocking.ts` (also run by `npm run bench`): how long a cold page load
 * holds a phone's main thread, measured rather than simulated. A fresh context at 390×844 with
 * Chromium's CPU slowed 4x (Lighthouse's mobile preset) loads each route; the long tasks after
 * the first contentful paint, for 6 s, each count for their time over 50 ms (as TBT counts
 * them), and the longest task is noted, with the first and the largest contentful paint (work moved
 * before the first paint would leave the blocking time and delay the paint instead). Median of
 * BLOCKING_BENCH_RUNS (default 8) per route.
 *
 * BLOCKING_BENCH_COMPARE=<site URL> also measures another site (an older build served with
 * `scripts/serve-test.mjs`, signed in as the guest), its loads taken turn about with this one's so
 * both meet the same machine: on a shared two-core machine, runs a few minutes apart differ by
 * more than most changes do. Writes bench/results/blocking.json.
 */
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../tests/e2e/helpers/chromium';
import { cookieHeaderOf, signInOverHttp, type SavedSession } from '../tests/e2e/helpers/sign-in';
import { startBenchStack } from './lib/bench-stack';
import { median } from './sandbox-load';

const RUNS = Number(process.env.BLOCKING_BENCH_RUNS ?? 8);
const WATCH_MS = 6_000;
const CPU_SLOWDOWN = 4;

interface Site {
  url: string;
  session: SavedSession;
}

interface Load {
  blockingMs: number;
  longestMs: number;
  /** First contentful paint and largest contentful paint, from navigation start: what moving work earlier or later costs the paint. */
  fcpMs: number;
  lcpMs: number;
}

/** The album and the artist the benches measure: the first of the sandbox's search, as the site's search page links them. */
async function detailRoutes(site: Site): Promise<string[]> {
  const html = await (await fetch(`${site.url}/search?q=a`, { headers: { cookie: cookieHeaderOf(site.session) } })).text();
  return ['album', 'artist'].map((kind) => html.match(new RegExp(`href="(/${kind}/[A-Za-z0-9]+)"`))?.[1]).filter((path): path is string => Boolean(path));
}

async function measure(browser: Browser, site: Site, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: { cookies: site.session, origins: [] } });
  try {
    await context.addInitScript(() => {
      const tasks: [number, number][] = [];
      const seen = window as unknown as { longTasks: typeof tasks; lcp: number };
      seen.longTasks = tasks;
      seen.lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(site.url + route, { waitUntil: 'load' });
    await page.waitForTimeout(WATCH_MS);
    const { tasks, fcp, lcp } = await page.evaluate(() => ({
      tasks: (window as unknown as { longTasks: [number, number][] }).longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      lcp: (window as unknown as { lcp: number }).lcp,
    }));
    return {
      blockingMs: tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
      fcpMs: Math.round(fcp),
      lcpMs: Math.round(lcp),
    };
  } finally {
    await context.close();
  }
}

const stack = await startBenchStack('blocking-bench', { portOffset: 12 });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const sites: Site[] = [{ url: stack.siteUrl, session: await signInOverHttp(stack.siteUrl, 'guest') }];
  const compare = process.env.BLOCKING_BENCH_COMPARE;
  if (compare) sites.push({ url: compare, session: await signInOverHttp(compare, 'guest') });
  const routes = ['/', '/search?q=a', ...(await detailRoutes(sites[0]!))];
  const rows: { route: string; site: string; medianBlockingMs: number; medianLongestMs: number; medianFcpMs: number; medianLcpMs: number; loads: Load[] }[] = [];
  console.log(`Blocking time of a cold load: ${CPU_SLOWDOWN}x CPU, 390x844, long tasks after FCP over 50 ms, median of ${RUNS}`);
  for (const route of routes) {
    const loads: Load[][] = sites.map(() => []);
    // Turn about, so each site meets the machine as busy as the other.
    for (let run = 0; run < RUNS; run++) for (const [index, site] of sites.entries()) loads[index]!.push(await measure(browser, site, route));
    for (const [index, site] of sites.entries()) {
      const middle = (pick: (load: Load) => number) => Math.round(median(loads[index]!.map(pick)));
      const row = {
        route,
        site: index === 0 ? 'this build' : site.url,
        medianBlockingMs: middle((load) => load.blockingMs),
        medianLongestMs: middle((load) => load.longestMs),
        medianFcpMs: middle((load) => load.fcpMs),
        medianLcpMs: middle((load) => load.lcpMs),
        loads: loads[index]!,
      };
      rows.push(row);
      console.log(
        `${route.padEnd(36)} ${row.site.padEnd(24)} blocking ${String(row.medianBlockingMs).padStart(4)} ms, longest task ${row.medianLongestMs} ms, FCP ${row.medianFcpMs} ms, LCP ${row.medianLcpMs} ms`,
      );
    }
  }
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  const file = join(process.cwd(), 'bench', 'results', 'blocking.json');
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, rows }, null, 2));
  console.log(`Written: ${file}`);
} finally {
  await browser.close();
  await stack.stop();
}
