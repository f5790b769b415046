import type { Page } from '@playwright/test';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';

// Offline and flaky networks (SPEC §1, §8): the installed app opened offline shows the
// shell and a visited page from the service worker's cache, says 'Internet Connection
// Problem', and recovers by itself when the network returns; a save whose request fails
// is neither lost silently nor applied twice: the flag stays what the provider holds and
// the user is told.

// Offline, the worker's and the page's tries at the network fail; the client logs them.
test.use({ allowErrors: /ERR_INTERNET_DISCONNECTED|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch|Failed to load resource|request failed|offline|network/i });

interface Named {
  id: string;
  name: string;
}

const toast = (page: Page) => page.locator('.toasts .toast').filter({ hasText: 'Internet Connection Problem' });
const isSaved = async (page: Page, sandboxUrl: string, id: string) => (await providerGet<boolean[]>(page, sandboxUrl, `me/albums/contains?ids=${id}`))[0];

test('offline: the cached page and the toast, recovery by itself, and a failed save neither lost nor doubled', async ({ page, signIn, sandbox, context }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the worker, the client and the toggle rule are the same on both viewports');
  await signIn(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const albums = await searchCatalogue<Named>(page, sandbox.url, 'album');
  let album: Named | undefined;
  for (const candidate of albums) if (!(await isSaved(page, sandbox.url, candidate.id))) album = album ?? candidate;
  expect(album, 'an album the guest has not saved').toBeDefined();
  const heading = page.getByRole('heading', { level: 1, name: album!.name });
  const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });

  // Visited while the worker is in control, so its page is in the cache.
  await page.goto(`/album/${album!.id}`);
  await expect(heading).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');

  // Offline, a save cannot reach the provider: the flag stays, the user is told.
  await context.setOffline(true);
  await save.click();
  await expect(toast(page)).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toBeEnabled();

  // Opened offline: the page, rendered with its content, comes from the worker's cache as it
  // was last visited, and the user is told there is no connection.
  await page.reload();
  await expect(page.locator('nav').first()).toBeVisible();
  await expect(toast(page)).toBeVisible();
  await expect(heading).toBeVisible();

  // The network returns: the page loads again, fresh, by itself.
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  expect(await isSaved(page, sandbox.url, album!.id)).toBe(false);

  // A save whose connection drops: not applied, the flag honest, the user told.
  await sandbox.addFault({ match: { method: 'PUT', path: '^/v1/me/albums' }, drop: true });
  await save.click();
  await expect(toast(page)).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  expect(await isSaved(page, sandbox.url, album!.id)).toBe(false);

  // Once the provider answers, one click saves it, once.
  await sandbox.clearFaults();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  expect(await isSaved(page, sandbox.url, album!.id)).toBe(true);
  const saved = await providerGet<{ items: { album: Named }[] }>(page, sandbox.url, 'me/albums?limit=50');
  expect(saved.items.filter((item) => item.album.id === album!.id)).toHaveLength(1);
  await sandbox.reset();
});
