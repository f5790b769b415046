import { searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';
import { toastsShown } from './helpers/toasts';

// A newer version of the site, deployed while a page is open: the chunks that page's islands
// name are gone from the site (no service worker kept them). The island a click wakes cannot
// come, and will not: it is no lost connection, and the page loads the new version.

// The island's code answers 404 on purpose.
test.use({ allowErrors: /404|Failed to fetch dynamically imported module|error loading dynamically imported module|Failed to load resource/i });

test("an island whose code a newer version removed loads the page again, rather than saying 'Internet Connection Problem' at every click", { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue<{ id: string; name: string }>(page, sandbox.url, 'album');
  await page.goto(`/album/${album!.id}`);
  const island = page.locator('#content astro-island[component-url*="AlbumView"]');
  const gone = new URL((await island.getAttribute('component-url'))!, page.url()).href;
  await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.evaluate(() => Object.assign(window, { oldDocument: true }));
  const reloaded = page.waitForEvent('load');
  await page.locator('[aria-label^="Tracks of"] [data-track-id]').nth(1).getByRole('button', { name: /^(Save to|Remove from) Liked/ }).click();
  await reloaded;
  expect(await page.evaluate(() => 'oldDocument' in window)).toBe(false);
  expect(await toastsShown(page)).not.toContainEqual(expect.stringContaining('Internet Connection Problem'));
});
