import type { Page } from '@playwright/test';
import { searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';

// A press on a track list before its island has hydrated (src/components/shell/hydrate-on-intent.ts):
// a slow phone hydrates some 2 s after the first tap. The album view's code comes late here.

interface CatalogueAlbum {
  id: string;
  name: string;
  total_tracks: number;
}

/** An album of a few tracks, its view's code held back `ms` (a slow phone's hydration). */
async function albumHydratingLate(page: Page, sandboxUrl: string, ms: number): Promise<CatalogueAlbum> {
  const albums = await searchCatalogue<CatalogueAlbum>(page, sandboxUrl, 'album');
  await page.route(/\/_astro\/AlbumView\.[\w-]+\.js$/, async (route) => {
    await new Promise((arrived) => setTimeout(arrived, ms));
    await route.continue();
  });
  return albums.find((album) => album.total_tracks > 3) ?? albums[0]!;
}

/** The plays the page asks the provider for. */
function watchPlays(page: Page): string[] {
  const plays: string[] = [];
  page.on('request', (request) => void (request.method() === 'PUT' && /\/me\/player\/play\b/.test(request.url()) && plays.push(request.url())));
  return plays;
}

test("on a phone, a finger's long press on a row before its list hydrated opens the row's menu once it has, and plays nothing", { tag: '@phone-only' }, async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = await albumHydratingLate(page, sandboxUrl, 2500);
  const plays = watchPlays(page);
  await page.goto(`/album/${album.id}`);
  const row = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').nth(1);
  const title = (await row.locator('.track-row__title').boundingBox())!;
  const [x, y] = [title.x + Math.min(20, title.width / 2), title.y + title.height / 2];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(900);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // Still the server's HTML: the row shows it heard the press meanwhile.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
  await expect(row.locator('[data-track-id]')).toHaveAttribute('aria-busy', 'true');
  await saveScreen(page, testInfo, 'held-long-press-waiting');
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(row.locator('[data-track-id]')).not.toHaveAttribute('aria-busy', 'true');
  await page.waitForTimeout(500);
  expect(plays).toEqual([]);
  await expect(row.locator('[data-track-id]')).not.toHaveAttribute('aria-current', 'true');
});

test('a tap on a track before its list hydrated shows the row waiting, then plays it', async ({ page, signIn, sandboxUrl, isMobile }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = await albumHydratingLate(page, sandboxUrl, 2500);
  await page.goto(`/album/${album.id}`);
  const press = (target: ReturnType<Page['locator']>) => (isMobile ? target.tap() : target.click());
  const row = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').nth(2).locator('[data-track-id]');
  const heart = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').nth(1).locator('.icon-button').first();
  await press(heart);
  await press(row.locator('.track-row__title'));
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
  await expect(row).toHaveAttribute('aria-busy', 'true');
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  await saveScreen(page, testInfo, 'held-tap-waiting');
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
});
