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
  await like(page, sandboxUrl, [...ids].slice(0, count));
}

/** Puts `ids` in Liked Songs through the provider's Web API, as another device would: at its front, the last newest. */
async function like(page: Page, sandboxUrl: string, ids: readonly string[]): Promise<void> {
  const token = await accessTokenOf(page);
  for (let at = 0; at < ids.length; at += 40) {
    const response = await fetch(`${sandboxUrl}/v1/me/tracks?ids=${ids.slice(at, at + 40).join(',')}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status, 'PUT me/tracks').toBeLessThan(300);
  }
}

/**
 * Likes a song of the album of a liked song past the first `shown` of Liked Songs (SPEC §4's cap
 * stops the list there): it comes first in the list, and its album's page shows a heart, on, for
 * a liked song the list never loaded. Its id.
 */
async function likeAlbumMateOfOnePast(page: Page, sandboxUrl: string, shown: number): Promise<string> {
  const liked: { id: string; album: string }[] = [];
  for (let offset = 0; ; offset += 50) {
    const body = await providerGet<{ total: number; items: { track: { id: string; album: { id: string } } }[] }>(page, sandboxUrl, `me/tracks?limit=50&offset=${offset}`);
    liked.push(...body.items.map(({ track }) => ({ id: track.id, album: track.album.id })));
    if (body.items.length === 0 || liked.length >= body.total) break;
  }
  const likedIds = new Set(liked.map((song) => song.id));
  for (const album of new Set(liked.slice(shown).map((song) => song.album))) {
    const tracks = await providerGet<{ items: { id: string }[] }>(page, sandboxUrl, `albums/${album}/tracks?limit=50`);
    const mate = tracks.items.find((track) => !likedIds.has(track.id));
    if (!mate) continue;
    await like(page, sandboxUrl, [mate.id]);
    return mate.id;
  }
  throw new Error(`no album of a liked song past the first ${shown} has a song not liked`);
}

/** The offsets of Liked Songs' pages the page asked the provider for. */
const likedPagesAsked = (urls: readonly string[]) =>
  urls.filter((url) => new URL(url).pathname === '/v1/me/tracks').map((url) => Number(new URL(url).searchParams.get('offset') ?? 0));

test('going back to Liked Songs shows every row loaded before, asking none of its pages again', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  await likeTracks(page, sandbox.url, 110);
  // The row left from is of an album with a liked song past the list's 100 rows: the album page's
  // heart for it is no news to the list, which the cap stopped there. (It was taken for news now and
  // then: when the likes' order, to the second, put such a song in the album of the row left from,
  // and the album's island hydrated before Back; Back then asked the site and showed 20 rows.)
  const leftFrom = await likeAlbumMateOfOnePast(page, sandbox.url, 100);

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

  const row = rows.and(page.locator(`[data-track-id="${leftFrom}"]`));
  const albumLink = row.locator('a[href^="/album/"]').first();
  await albumLink.click();
  await expect(page).toHaveURL(/\/album\//);
  await expect(page.locator('#content h1')).toBeVisible();
  // Its island hydrated (the user has acted: once the browser is idle): its hearts are the tab's.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);

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
