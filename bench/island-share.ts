/**
 * `node --import tsx bench/island-share.ts`: how much of each page's content the issue's
 * "islands only where the user acts" would still hydrate. Each app page's content is one
 * island today; the split would keep as islands the track lists (one per list), the lists that
 * page on from the server's first page (their items come and go in the browser) and each
 * button (Play, Save, Follow, Like, More), and render the rest as plain HTML. The page is
 * loaded with JavaScript off (the server's HTML as it is), and its content island's elements
 * are counted: those inside what would stay an island, and the rest. A small share left over
 * bounds what the split could take off the content's hydration. Prints a table and writes
 * bench/results/island-share.json. A row of cards with buttons counts as one island (the issue's
 * "one island per list, not per row"); ISLAND_SHARE_BUTTONS=1 counts each of its buttons instead.
 */
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../tests/e2e/helpers/chromium';
import { cookieHeaderOf, signInOverHttp } from '../tests/e2e/helpers/sign-in';
import { startBenchStack } from './lib/bench-stack';

interface Share {
  route: string;
  contentElements: number;
  stayIsland: number;
  wouldBeStatic: number;
}

/** ISLAND_SHARE_BUTTONS=1 counts a card row's buttons as islands each (an island per card) rather than the row as one. */
const PER_LIST = process.env.ISLAND_SHARE_BUTTONS !== '1';

const stack = await startBenchStack('island-share-bench', { portOffset: 14, size: 'medium' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const session = await signInOverHttp(stack.siteUrl, 'guest');
  const search = await (await fetch(`${stack.siteUrl}/search?q=a`, { headers: { cookie: cookieHeaderOf(session) } })).text();
  const first = (kind: string) => search.match(new RegExp(`href="(/${kind}/[A-Za-z0-9]+)"`))?.[1];
  const routes = ['/', first('album'), first('artist'), first('playlist'), '/search?q=a', '/album/new-release', '/collection', '/user/me'].filter(
    (route): route is string => Boolean(route),
  );
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 }, storageState: { cookies: session, origins: [] } });
  const page = await context.newPage();
  const rows: Share[] = [];
  for (const route of routes) {
    await page.goto(stack.siteUrl + route, { waitUntil: 'load' });
    // A string, not a function: tsx would wrap a function's inner helpers in a name-keeping call the page does not have.
    const counts = (await page.evaluate(`(() => {
      const content = new Set();
      for (const island of document.querySelectorAll('main astro-island')) for (const element of island.querySelectorAll('*')) content.add(element);
      const acting = new Set();
      const keep = (root) => { acting.add(root); for (const element of root.querySelectorAll('*')) acting.add(element); };
      document.querySelectorAll('main .track-list').forEach(keep);
      // A paged list: PagedView's hidden anchor follows the list it pages on.
      document.querySelectorAll('main span[hidden]').forEach((anchor) => anchor.previousElementSibling && keep(anchor.previousElementSibling));
      // A row or grid of cards with buttons (Play on a recent track, Save on an album): one island per list, not per card.
      if (${PER_LIST}) document.querySelectorAll('main .card-row, main .card-grid').forEach((cards) => cards.querySelector('button') && keep(cards));
      document.querySelectorAll('main button').forEach((button) => acting.has(button) || keep(button));
      const stay = [...content].filter((element) => acting.has(element)).length;
      return { contentElements: content.size, stayIsland: stay, wouldBeStatic: content.size - stay };
    })()`)) as Omit<Share, 'route'>;
    rows.push({ route: route.replace(/\/(album|artist|playlist)\/[A-Za-z0-9]+$/, '/$1/{id}'), ...counts });
  }
  console.log(`\nContent elements an island would still hold with islands only where the user acts (server HTML, medium catalogue; card rows: ${PER_LIST ? 'an island per row' : 'an island per button'})\n`);
  console.log(`${'route'.padEnd(20)}${'content'.padStart(9)}${'island'.padStart(9)}${'static'.padStart(9)}${'static share'.padStart(14)}`);
  for (const row of rows) {
    const share = row.contentElements ? `${((100 * row.wouldBeStatic) / row.contentElements).toFixed(1)} %` : '-';
    console.log(`${row.route.padEnd(20)}${String(row.contentElements).padStart(9)}${String(row.stayIsland).padStart(9)}${String(row.wouldBeStatic).padStart(9)}${share.padStart(14)}`);
  }
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  const file = join(process.cwd(), 'bench', 'results', 'island-share.json');
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), cardRows: PER_LIST ? 'island per row' : 'island per button', rows }, null, 2));
  console.log(`Written: ${file}`);
} finally {
  await browser.close();
  await stack.stop();
}
