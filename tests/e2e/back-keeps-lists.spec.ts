import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessTokenOf } from './helpers/access-token';
import { countProviderRequests, providerGet } from './helpers/catalogue';

// Back to a long list (ARCHITECTURE, "The one direction data flows": going back paints at once
// with no request): the rows the user had loaded are all there again, and their pages are not
// asked again. The router swaps in the page kept from the visit, whose seed is the first page
// only; the list's memory of the visit wins over it (list-area.ts `adopt`, `rememberedWins`).

/** Likes `count` tracks of the catalogue through the provider's Web API, as another device would. */
async function likeTracks(page: Page, sandboxUrl: string, count: number): Promise<void> {
  const ids = new Set<string>();
  for (let offset = 0; ids.size < count && offset < 500; offset += 50) {
    const body = await providerGet<{ tracks: { items: ({ id: string } | null)[] } }>(page, sandboxUrl, `search?q=a&type=track&limit=50&offset=${offset}`);
    for (const track of body.tracks.items) if (track) ids.add(track.id);
  }
  expect(ids.size, 'tracks in the catalogue').toBeGreaterThanOrEqual(count);
  const token = await accessTokenOf(page);
  const chosen = [...ids].slice(0, count);
  for (let at = 0; at < chosen.length; at += 40) {
    const response = await fetch(`${sandboxUrl}/v1/me/tracks?ids=${chosen.slice(at, at + 40).join(',')}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status, 'PUT me/tracks').toBeLessThan(300);
  }
}

/** The offsets of Liked Songs' pages the page asked the provider for. */
const likedPagesAsked = (urls: readonly string[]) =>
  urls.filter((url) => new URL(url).pathname === '/v1/me/tracks').map((url) => Number(new URL(url).searchParams.get('offset') ?? 0));

test('going back to Liked Songs shows every row loaded before, asking none of its pages again', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  await likeTracks(page, sandbox.url, 110);

  const asked = countProviderRequests(page, sandbox.url);
  await page.goto('/collection/tracks');
  const rows = page.getByRole('list', { name: 'Liked Songs' }).locator('.track-row');
  await expect(rows).toHaveCount(20);
  // Scrolled to the list's end until SPEC §4's cap: offsets 20, 40, 60 and 80, each asked once.
  // (Its end coming into view hydrates the list first: hydrate-on-intent.ts.)
  for (let shown = 40; shown <= 100; shown += 20) {
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(shown);
  }
  expect(likedPagesAsked(asked.urls)).toEqual([20, 40, 60, 80]);

  const row = rows.nth(45);
  const albumLink = row.locator('a[href^="/album/"]').first();
  await albumLink.click();
  await expect(page).toHaveURL(/\/album\//);
  await expect(page.locator('#content h1')).toBeVisible();

  asked.urls.length = 0;
  await page.goBack();
  await expect(page).toHaveURL(/\/collection\/tracks$/);
  // The kept page's island hydrates (the user has acted) and shows what the list held.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(rows).toHaveCount(100);
  // SPEC §2: the content starts at the top after every route change, Back included.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Scrolled down again to the end: the list holds its last page already (the cap).
  await rows.last().scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(likedPagesAsked(asked.urls), 'Liked Songs pages asked after Back').toEqual([]);
});
