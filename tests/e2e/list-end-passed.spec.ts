import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { countProviderRequests, searchCatalogue } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';

interface CataloguePlaylist {
  id: string;
  name: string;
  tracks: { total: number };
}

/** How long the islands' code takes to come: a slow phone's hydration, which ends some 2 s after the first input. */
const CODE_DELAY_MS = 2_500;

/** Holds every script of the site's (the islands', the shell's) for CODE_DELAY_MS: the page stays as the server sent it that long. */
async function slowIslandCode(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, CODE_DELAY_MS));
    await route.continue().catch(() => undefined);
  });
}

/**
 * Three quick flicks down to the page's bottom, as the page's first input: a finger's on a
 * phone (touches Chromium scrolls the page by), the wheel on a desktop.
 */
async function flickToBottom(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.project.name === 'mobile') {
    const cdp = await page.context().newCDPSession(page);
    for (let flick = 0; flick < 3; flick++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 400, y: 350 }] });
      for (let step = 1; step <= 6; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 400, y: 350 - step * 50 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    }
    await cdp.detach();
    return;
  }
  await page.mouse.move(640, 400);
  for (let flick = 0; flick < 3; flick++) await page.mouse.wheel(0, 3_000);
}

test('a flick past the end of a long list before its island hydrated still loads its next pages', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const playlists = await searchCatalogue<CataloguePlaylist>(page, sandboxUrl, 'playlist');
  const long = playlists.find((playlist) => playlist.tracks.total >= 40)!;
  expect(long, 'a playlist of 40 songs or more').toBeTruthy();
  // A phone held sideways (a window as low on a desktop): what follows the list, the footer, is
  // taller than the screen, so the page's bottom is past the list's last row.
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize(testInfo.project.name === 'mobile' ? { width: height, height: width } : { width, height: 420 });
  await slowIslandCode(page);
  await page.goto(`/playlist/${long.id}`);
  const rows = page.getByRole('list', { name: `Tracks of ${long.name}` }).getByRole('listitem');
  // The server's HTML holds the first page.
  await expect(rows).toHaveCount(10);
  const requests = countProviderRequests(page, sandboxUrl);
  await flickToBottom(page, testInfo);
  // The last row went above the screen before the island could watch it.
  const lastRowBottom = await rows.last().evaluate((row) => row.getBoundingClientRect().bottom);
  expect(lastRowBottom).toBeLessThan(0);
  await expect(rows).toHaveCount(10);
  // Hydrated (some 2.5 s on), the list finds its end passed and asks for what follows it.
  await expect(rows).not.toHaveCount(10, { timeout: 4 * CODE_DELAY_MS });
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  const offsets = requests.urls.filter((url) => url.includes(`/playlists/${long.id}/`)).map((url) => Number(new URL(url).searchParams.get('offset')));
  expect(offsets[0]).toBe(10);
  // One page per sighting: no page was asked twice.
  expect(new Set(offsets).size).toBe(offsets.length);
});

test('a jump past the end of a hydrated list in one step (a scroll with no touch: a screen reader, a script) loads its next pages', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const playlists = await searchCatalogue<CataloguePlaylist>(page, sandboxUrl, 'playlist');
  const long = playlists.find((playlist) => playlist.tracks.total >= 40)!;
  // What follows the list, the footer, is taller than the screen: the jump takes the last row from
  // below the screen to above it in one frame, and it never shows.
  if (testInfo.project.name !== 'mobile') await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto(`/playlist/${long.id}`);
  const rows = page.getByRole('list', { name: `Tracks of ${long.name}` }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  await actOnPage(page);
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await rows.last().evaluate((row) => row.getBoundingClientRect().bottom)).toBeLessThan(0);
  await expect(rows).not.toHaveCount(10);
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
});
