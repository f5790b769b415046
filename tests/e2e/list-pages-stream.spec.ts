import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { actOnPage } from './helpers/in-app';
import { saveScreen } from './helpers/screens';
import { expectToastShown } from './helpers/toasts';
import { GRID_SKELETON_CARDS, TRACK_SKELETON_ROWS } from '../../src/components/browse/Skeletons';

// Issue 27 (QA on a throttled phone): a page of one list sends its shell and heading, with SPEC
// §9's skeleton, before the provider answers, and its list follows in the same response. Before,
// the page waited for its data (and new releases for two answers in a row: the list, then
// whether each album is saved) and the screen stayed blank.

/** Every provider GET held this long (QA's fault): long enough for a busy machine's checks to run while held. */
const HELD_MS = 4_000;
/** What "well before the data" means here: the shell, heading and skeleton show within this of the ask. */
const SOON_MS = HELD_MS - 1_500;
const HOLD_EVERY_GET = { match: { method: 'GET', path: '^/v1/' }, delayMs: HELD_MS };

interface ListPageCheck {
  path: string;
  heading: string | RegExp;
  /** The placeholders it shows while held: rows (tracks) or cards. */
  skeleton: 'skeleton-row' | 'skeleton-card';
  /** How many (SPEC §9: 10 rows for tracks; cards as the islands show them). */
  placeholders: number;
  /** What the list shows once it came. */
  shown: string;
  /** The provider call of the list's first page (none of which the browser may ask for). */
  firstPage: RegExp;
}

const LIKED_SONGS: ListPageCheck = { path: '/collection/tracks', heading: 'Liked Songs', skeleton: 'skeleton-row', placeholders: TRACK_SKELETON_ROWS, shown: '[data-track-id]', firstPage: /\/v1\/me\/tracks\?(?!.*offset=[1-9])/ };
const NEW_RELEASES: ListPageCheck = { path: '/album/new-release', heading: 'New Release', skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/browse\/new-releases\?(?!.*offset=[1-9])/ };

/** Every page of one list that streams, as it shows when held and once come. */
const STREAMED_LIST_PAGES: ListPageCheck[] = [
  LIKED_SONGS,
  NEW_RELEASES,
  { path: '/collection', heading: 'Your Library', skeleton: 'skeleton-card', placeholders: 3 + 6, shown: '.library-playlists a.card', firstPage: /\/v1\/me\/playlists/ },
  { path: '/collection/albums', heading: 'Saved Albums', skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/me\/albums\?/ },
  { path: '/user/me/saved-tracks', heading: 'Liked Songs', skeleton: 'skeleton-row', placeholders: TRACK_SKELETON_ROWS, shown: '[data-track-id]', firstPage: /\/v1\/me\/tracks\?/ },
  { path: '/user/me/saved-albums', heading: 'Saved Albums', skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/me\/albums\?/ },
  { path: '/user/me/top-tracks', heading: 'Top tracks this month', skeleton: 'skeleton-row', placeholders: TRACK_SKELETON_ROWS, shown: '[data-track-id]', firstPage: /\/v1\/me\/top\/tracks/ },
  { path: '/user/me/top-artists', heading: 'Top artists this month', skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/me\/top\/artists/ },
  { path: '/user/me/following', heading: 'Your Following', skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/me\/following/ },
  // The heading waits as 'Popular Playlists' for the provider's own title, which comes with the list.
  { path: '/playlist/popular', heading: /\S/, skeleton: 'skeleton-card', placeholders: GRID_SKELETON_CARDS, shown: '.card-grid a.card', firstPage: /\/v1\/browse\/featured-playlists/ },
];

/** A browser context without JavaScript, signed in as `page` is (the session cookie). */
async function withoutJavaScript(browser: Browser, page: Page, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: testInfo.project.use.viewport });
  return context.newPage();
}

/** The list page while the provider holds its data: the heading and SPEC §9's skeleton, no item. */
async function expectHeld(tab: Page, one: ListPageCheck): Promise<void> {
  const content = tab.locator('#content');
  await expect(content.getByRole('heading', { level: 1, name: one.heading }), one.path).toBeVisible();
  await expect(content.getByTestId(one.skeleton).locator('visible=true'), one.path).toHaveCount(one.placeholders);
  expect(await content.locator(one.shown).count(), one.path).toBe(0);
}

/** The list page once its data came in the same response: the items, the skeleton gone, one heading. */
async function expectCome(tab: Page, one: ListPageCheck): Promise<void> {
  const content = tab.locator('#content');
  await expect(content.locator(one.shown).first(), one.path).toBeVisible({ timeout: 2 * HELD_MS + 5_000 });
  await expect(content.locator('[data-testid="skeleton-row"]:visible, [data-testid="skeleton-card"]:visible'), one.path).toHaveCount(0);
  await expect(content.getByRole('heading', { level: 1 }), one.path).toHaveCount(1);
}

for (const one of [LIKED_SONGS, NEW_RELEASES]) {
  test(`${one.path} streams: with the provider slow, the shell, heading and skeleton show well before the list, which then replaces the skeleton; the island starts from the server's page`, async ({ page, signIn, sandbox }, testInfo) => {
    await signIn(page, 'guest', { home: false });
    await page.goto('about:blank');
    const askedByBrowser: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(sandbox.url) && one.firstPage.test(request.url())) askedByBrowser.push(request.url());
    });
    await sandbox.addFault(HOLD_EVERY_GET);
    const askedAt = Date.now();
    const response = await page.goto(one.path, { waitUntil: 'commit' });
    expect(response?.status()).toBe(200);
    await expectHeld(page, one);
    // The phone's navigation and the top bar came with the first bytes too.
    await expect(page.getByRole('searchbox', { name: 'Search' }).or(page.locator('nav.bottom-nav')).first()).toBeVisible();
    expect(Date.now() - askedAt, 'heading and skeleton, well before the provider answers').toBeLessThan(SOON_MS);
    await saveScreen(page, testInfo, `${one.path.replaceAll('/', '-').slice(1)}-streaming`);

    await expectCome(page, one);
    await expect(page).toHaveTitle(/\| My Music$/);
    // The skeleton the list replaced is gone (with JavaScript), and the list's island took the server's page.
    await expect(page.locator('.streamed__skeleton')).toHaveCount(0);
    await actOnPage(page);
    await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
    await expect(page.locator(one.shown).first()).toBeVisible();
    expect(askedByBrowser, 'the browser asked for no first page').toEqual([]);
    await saveScreen(page, testInfo, `${one.path.replaceAll('/', '-').slice(1)}-streamed`);
  });
}

/** Pages loaded side by side: Chromium opens at most six connections to a site, and a streaming page holds one until it ends (its styles need another). */
const SIDE_BY_SIDE = 4;

test('every page of one list streams with JavaScript off: heading and skeleton first, the list after, the skeleton hidden', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  await page.goto('about:blank');
  await sandbox.addFault(HOLD_EVERY_GET);
  try {
    for (let first = 0; first < STREAMED_LIST_PAGES.length; first += SIDE_BY_SIDE) {
      const pages = STREAMED_LIST_PAGES.slice(first, first + SIDE_BY_SIDE);
      const tabs = await Promise.all(pages.map(() => plain.context().newPage()));
      const askedAt = Date.now();
      const responses = await Promise.all(pages.map((one, index) => tabs[index]!.goto(one.path, { waitUntil: 'commit' })));
      for (const [index, one] of pages.entries()) {
        expect(responses[index]?.status(), one.path).toBe(200);
        await expectHeld(tabs[index]!, one);
      }
      expect(Date.now() - askedAt, 'every heading and skeleton, well before the provider answers').toBeLessThan(SOON_MS);
      for (const [index, one] of pages.entries()) await expectCome(tabs[index]!, one);
      await Promise.all(tabs.map((tab) => tab.close()));
    }
  } finally {
    await plain.context().close();
  }
});

test.describe('a streamed list that failed', () => {
  // The provider's 500, as the browser sees it on Try again's first ask.
  test.use({ allowErrors: /HTTP 500|status of 500/ });

  test('shows the error screen with Try again in its place and SPEC §8\'s toast, at status 200 (its status left before the list failed), and Try again loads it', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
    await signIn(page, 'guest', { home: false });
    // The list and its one retry (DESIGN §5).
    await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/tracks\\?' }, status: 500, times: 2 });
    const response = await page.goto(LIKED_SONGS.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    await expectToastShown(page, 'Internal server error');
    await expect(page.locator('[data-testid="skeleton-row"]:visible')).toHaveCount(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator(LIKED_SONGS.shown).first()).toBeVisible();
    expect(await sandbox.faultHits()).toEqual([2]);
  });
});
