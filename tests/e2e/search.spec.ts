import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { actOnPage } from './helpers/in-app';
import { saveScreen } from './helpers/screens';
import { seeAllHref } from '../../src/lib/search-query';

// Search (SPEC §2, §5): the box's rules, the category browse, results with See
// all, the see-all pages with infinite scroll, empty results and odd queries,
// on the wide (top bar box) and narrow (the search page's sticky box) projects.

const PLACEHOLDER = 'What do you want to play?';

function isNarrow(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'mobile';
}

/** The search box this screen size has: the top bar's on wide screens, the sticky one of /search on narrow ones. */
async function openSearchBox(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isNarrow(testInfo)) {
    await page.goto('/search');
    const box = page.locator('.search-sticky').getByPlaceholder(PLACEHOLDER);
    await expect(box).toBeVisible();
    await expect(box).toBeEditable();
    return box;
  }
  const box = page.locator('.top-bar').getByPlaceholder(PLACEHOLDER);
  // Read-only until the top bar has hydrated, which the pointer coming to it starts.
  await box.hover();
  await expect(box).toBeEditable();
  await box.click();
  await page.waitForURL((url) => url.pathname === '/search');
  // The client router has swapped /search in: an Enter before that would race its navigation.
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
  return box;
}

/** The q of the current URL (null without one). */
function queryOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get('q');
}

const songs = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem');

test('the search box: 30 characters, Enter, whitespace and the clear icon (SPEC §5)', async ({ page, signIn }, testInfo) => {
  await signIn(page);
  const box = await openSearchBox(page, testInfo);
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
  await expect(page.locator('.category-tile').first()).toBeVisible();
  await saveScreen(page, testInfo, 'search-browse-all');

  // Typing 31 characters keeps 30.
  await box.pressSequentially('abcdefghijklmnopqrstuvwxyz12345');
  await expect(box).toHaveValue('abcdefghijklmnopqrstuvwxyz1234');

  // Enter sets q to the trimmed text.
  await box.fill('');
  await box.pressSequentially('   Sol   ');
  await box.press('Enter');
  await page.waitForURL(() => queryOf(page) === 'Sol');
  await expect(songs(page)).toHaveCount(10);
  const current = page.locator(isNarrow(testInfo) ? '.search-sticky' : '.top-bar').getByPlaceholder(PLACEHOLDER);
  await expect(current).toHaveValue('Sol');

  // Whitespace only clears q: the category browse again.
  await current.fill('    ');
  await current.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && !url.searchParams.has('q'));
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();

  // The clear icon shows only with text; it empties the box and removes q.
  const clear = page.getByRole('button', { name: 'Clear search' });
  await current.fill('Sol');
  await current.press('Enter');
  await page.waitForURL(() => queryOf(page) === 'Sol');
  await expect(clear).toBeVisible();
  await clear.click();
  await page.waitForURL((url) => url.pathname === '/search' && !url.searchParams.has('q'));
  await expect(current).toHaveValue('');
  await expect(clear).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
});

test("the server's form (JavaScript off) gets SPEC §5's q too: the text trimmed and cut to 30, whitespace alone no q", { tag: '@viewport-free' }, async ({ browser, signIn, page }) => {
  await signIn(page, 'guest', { home: false });
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const tab = await plain.newPage();
    const box = tab.locator('.top-bar').getByRole('searchbox', { name: 'Search' });
    await tab.goto('/search');
    await box.fill('   Sol   ');
    await box.press('Enter');
    await expect(tab).toHaveURL(/\/search\?q=Sol$/);
    await tab.goto(`/search?q=${'x'.repeat(40)}`);
    await expect(tab).toHaveURL(new RegExp(`/search\\?q=${'x'.repeat(30)}$`));
    await tab.goto('/search?q=+++');
    await expect(tab).toHaveURL(/\/search$/);
  } finally {
    await plain.close();
  }
});

test('results: four sections with See all at exactly 10, see-all pages by infinite scroll; leaving search clears it', async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/search?q=Sol');
  await expect(songs(page)).toHaveCount(10);
  const section = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
  // "Sol" finds many songs and albums but two artists: See all only where 10 are shown.
  await expect(section('songs').getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/search/track/Sol');
  await expect(section('albums').getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/search/album/Sol');
  await expect(section('artists').getByRole('heading', { name: 'Artist' })).toBeVisible();
  await expect(section('artists').getByRole('link', { name: 'See all' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'search-results');

  // See all: 20 per page, the next page when the end comes into view.
  await section('songs').getByRole('link', { name: 'See all' }).click();
  await page.waitForURL('**/search/track/Sol');
  await expect(page.getByRole('heading', { name: /Songs/ })).toContainText('Sol');
  await expect(songs(page)).toHaveCount(20);
  await saveScreen(page, testInfo, 'search-see-all-tracks');
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect(songs(page)).toHaveCount(40);

  await page.goto('/search/album/Sol');
  const albums = page.locator('.card-grid .card');
  await expect(albums).toHaveCount(20);
  await saveScreen(page, testInfo, 'search-see-all-albums');

  // Leaving search clears its state: coming back shows the category browse.
  await page.goto('/search?q=Sol');
  await expect(songs(page)).toHaveCount(10);
  const nav = page.getByRole('navigation', { name: isNarrow(testInfo) ? 'Bottom' : 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await nav.getByRole('link', { name: 'Search' }).click();
  await page.waitForURL((url) => url.pathname === '/search' && !url.searchParams.has('q'));
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
  await expect(songs(page)).toHaveCount(0);
  const box = page.locator(isNarrow(testInfo) ? '.search-sticky' : '.top-bar').getByPlaceholder(PLACEHOLDER);
  await expect(box).toHaveValue('');

  // Back through the history to /search?q=Sol: the search runs again from the URL and the box shows q.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goBack();
  await page.waitForURL(() => queryOf(page) === 'Sol');
  await expect(songs(page)).toHaveCount(10);
  await expect(box).toHaveValue('Sol');
  // Forward again to /search without q: nothing of Sol is kept, neither results nor text.
  await page.goForward();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goForward();
  await page.waitForURL((url) => url.pathname === '/search' && !url.searchParams.has('q'));
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
  await expect(songs(page)).toHaveCount(0);
  await expect(box).toHaveValue('');
});

test.describe('a slow or failing see-all', () => {
  // The failed render answers 502 (the error screen with Try again).
  test.use({ allowErrors: /HTTP 502|status of 502/ });

  test('arrives whole while the provider is slow; loaded again in the browser, it shows 20 skeleton rows', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
    await signIn(page, 'guest', { home: false });
    // Only the see-all request (limit=20) is touched: home's own searches must not use the faults up.
    const seeAll = { method: 'GET', path: '^/v1/search\\?.*limit=20' };
    await sandbox.addFault({ match: seeAll, delayMs: 600, times: 1 });
    await page.goto('/search/track/Sol');
    // The server waited for the provider: no skeleton, the first page in the HTML.
    expect(await page.getByTestId('skeleton-row').count()).toBe(0);
    await expect(songs(page)).toHaveCount(20);

    // Failed on the server (and its one retry): the error screen; Try again asks in the browser,
    // where SPEC §9's 20 skeleton rows show while the answer is on its way.
    await sandbox.addFault({ match: seeAll, status: 500, times: 2 });
    await page.goto('/search/track/Sol');
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    await sandbox.addFault({ match: seeAll, delayMs: 1500, times: 1 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('skeleton-row')).toHaveCount(20);
    await expect(songs(page)).toHaveCount(20);
  });
});

test('an empty result, and a bad search type replacing history with /', { tag: '@viewport-free' }, async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/search?q=zzqqxxnothing');
  await expect(page.getByRole('heading', { name: 'No Search Result Found' })).toBeVisible();
  await saveScreen(page, testInfo, 'search-empty');
  await page.goto('/search/album/zzqqxxnothing');
  await expect(page.getByRole('heading', { name: 'No album Found' })).toBeVisible();
  await page.goto('/search/podcast/Sol');
  await page.waitForURL((url) => url.pathname === '/');
  // Replaced: going back skips the bad address.
  await page.goBack();
  await page.waitForURL('**/search/album/zzqqxxnothing');
});

test('a search the site is slow to answer shows the top loading bar over the older results until the new ones come', { tag: '@viewport-free' }, async ({ page, signIn }, testInfo) => {
  await signIn(page);
  const box = await openSearchBox(page, testInfo);
  await box.fill('Sol');
  await box.press('Enter');
  await page.waitForURL(() => queryOf(page) === 'Sol');
  await expect(songs(page)).toHaveCount(10);
  // The client router's fetch of the next results page is held for a while, as a slow provider would.
  await page.route((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Luna', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue();
  });
  const bar = page.getByRole('progressbar', { name: 'Loading' });
  await box.fill('Luna');
  await box.press('Enter');
  await expect(bar).toBeVisible();
  // The older results are still there beneath it.
  await expect(songs(page)).toHaveCount(10);
  await page.waitForURL(() => queryOf(page) === 'Luna');
  await expect(bar).toHaveCount(0);
});

// Quotes, operators, emoji, percent signs and 30 characters of one script.
const ODD_QUERIES = [
  '"Sol" -Mar',
  'Sol OR Luna AND NOT x*',
  '100% Sol',
  'Sol 🎵 Vida',
  'ਸੋਹਣੀ ਸੁਪਨੇ ਪਿਆਰ ਯਾਰ ਮਾਹੀ ਦਿਲਾ',
  'a/b?c#d&e=f',
  'سلام Sol',
  // A space beside '&' or ',': Astro 5 found no page for the link's first form (src/lib/routes.ts).
  'Simon & Garfunkel, live',
  'Beyoncé & Jay-Z',
  // '/', '?' or '#' beside a space or a letter beyond ASCII: Astro 5 refused the link's path as a
  // second level of encoding (Page Not Found); the site's server brings it to the page.
  'AC/DC live',
  'C# minor?',
  'ça/va',
  // Dot segments: a browser resolves /search/track/.. to /search/ (the link is the stand-in's).
  '..',
  '.',
];

test('odd queries work and are shown back exactly', { tag: '@viewport-free' }, async ({ page, signIn }, testInfo) => {
  // The query's encoding and echo are the same on a phone; the phone's search box is opened in the tests above.
  // On the desktop alone (@viewport-free): the same rules on every viewport.
  expect(ODD_QUERIES[4]).toHaveLength(30);
  await signIn(page);
  await openSearchBox(page, testInfo);
  for (const query of ODD_QUERIES) {
    const current = page.locator(isNarrow(testInfo) ? '.search-sticky' : '.top-bar').getByPlaceholder(PLACEHOLDER);
    // After the page load below, typing before the box hydrates would be lost: the pointer
    // coming to it starts its hydration, as a user's does.
    await current.hover();
    await expect(current).not.toHaveAttribute('readonly');
    await current.fill(query);
    await current.press('Enter');
    await page.waitForURL(() => queryOf(page) === query);
    await expect(current).toHaveValue(query);
    // Either results or the empty message; never the error screen.
    await expect(page.getByRole('heading', { name: /^(Songs|Artist|Album|Playlist|No Search Result Found)$/ }).first()).toBeVisible();
    await expect(page.getByText('Something went wrong.')).toHaveCount(0);

    // The address the site's own See all links make.
    const seeAll = await page.goto(seeAllHref('track', query));
    expect(seeAll?.status(), query).toBe(200);
    await expect(page.locator('.see-all-heading__query')).toHaveText(`“${query}”`);
    // The tab's title says what the heading says (a screen reader hears it as the page changes),
    // the words isolated, so a right-to-left query leaves "| My Music" after them.
    await expect(page).toHaveTitle(`Songs “\u2068${query}\u2069” | My Music`);
    await expect(songs(page).first().or(page.getByRole('heading', { name: 'No track Found' }))).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
  }
  await saveScreen(page, testInfo, 'search-odd-query');
});

test('an address with q twice shows one search, the same on the server and once the page is touched (the last q)', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/search?q=zzqqxxnothing&q=Sol');
  await expect(songs(page)).toHaveCount(10);
  await actOnPage(page);
  // Once its islands have hydrated (Astro drops their `ssr` mark), the page is the browser's.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(songs(page)).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'No Search Result Found' })).toHaveCount(0);
});

test("letters typed before the box has hydrated are kept (the box is the server's form), and an early Enter gives SPEC §5's q", async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  // The box's code comes late (a slow network): the letters land in the server's HTML.
  await page.route(/\/_astro\/(TopBar|StickySearchBox)\.[\w-]+\.js$/, async (route) => {
    await new Promise((arrived) => setTimeout(arrived, 1500));
    await route.continue();
  });
  const boxIn = (scope: string) => page.locator(scope).getByPlaceholder(PLACEHOLDER);
  const scope = isNarrow(testInfo) ? '.search-sticky' : '.top-bar';
  const serverBox = page.locator(`${scope} astro-island[ssr]`);

  // Typed at once: the first letters go into the server's box, the rest into the island's, on
  // the /search that the focus opens on a wide screen.
  await page.goto(isNarrow(testInfo) ? '/search' : '/notification');
  await boxIn(scope).click();
  await page.keyboard.type('  night');
  await expect(serverBox).toHaveCount(1);
  await expect(boxIn(scope)).toHaveValue('  night');
  await expect(serverBox).toHaveCount(0);
  await page.waitForURL((url) => url.pathname === '/search');
  await page.keyboard.type(' drive ');
  await expect(boxIn(scope)).toHaveValue('  night drive ');
  await page.keyboard.press('Enter');
  await page.waitForURL(() => queryOf(page) === 'night drive');
  await expect(boxIn(scope)).toHaveValue('night drive');

  // Enter before the island has come: q is the trimmed text, not what the form would send, and
  // on a wide screen it wins over the /search that the box's focus opens as the island hydrates.
  await page.goto(isNarrow(testInfo) ? '/search' : '/notification');
  await boxIn(scope).click();
  await page.keyboard.type('  Sol  ');
  await page.keyboard.press('Enter');
  await expect(serverBox).toHaveCount(1);
  await page.waitForURL(() => queryOf(page) === 'Sol');
  await expect(songs(page)).toHaveCount(10);
  await expect(boxIn(scope)).toHaveValue('Sol');
  // Whitespace alone removes q.
  await page.goto('/search?q=Sol');
  await boxIn(scope).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && !url.searchParams.has('q'));
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
});
