import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { providerGet } from './helpers/catalogue';
import { withoutJavaScript } from './helpers/without-javascript';

// With JavaScript off the content's controls either work or are not shown (docs/ARCHITECTURE.md,
// "Server-rendered pages"): a list's Show more lands where its new items begin.

/** The items of the one list on a page that has Show more: its rows, or its grid's tiles. */
const listItems = (page: Page) => page.locator('#content .track-list > [role="listitem"], #content .card-grid > *');

/**
 * Follows the list's Show more and checks where the browser opened the longer page: at the first
 * of the new items, which the address's fragment names, scrolled into view; not at the page's top.
 */
async function showMoreLands(page: Page, items: Locator, pages: number): Promise<void> {
  const before = await items.count();
  await page.getByRole('link', { name: 'Show more' }).click();
  await page.waitForURL(new RegExp(`[?&]pages=${pages}#list-page-${pages}$`));
  expect(await items.count(), 'more items than before').toBeGreaterThan(before);
  const hash = new URL(page.url()).hash;
  const target = page.locator(`[id="${hash.slice(1)}"]`);
  await expect(target, 'one element of that id').toHaveCount(1);
  // The first new item: as many items as the page showed before come ahead of it.
  const index = await items.evaluateAll((all, id) => all.findIndex((item) => item.id === id), hash.slice(1));
  expect(index, 'the index of the item the fragment names').toBe(before);
  await expect(target).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY), 'the page scrolled down to it').toBeGreaterThan(0);
}

test("with JavaScript off, Show more opens the longer page where its new items begin, on every kind of list", async ({ page, signIn, browser, sandboxUrl }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'guest', { home: false });
  // A playlist of more than two pages (10 each). (The sandbox's albums hold 20 tracks at most, one
  // page: an album's rows are the same TrackList as a playlist's, tests/unit/islands/paged-view.test.tsx.)
  const playlists = await providerGet<{ playlists: { items: ({ id: string; tracks: { total: number } } | null)[] } }>(page, sandboxUrl, 'search?q=a&type=playlist&limit=50');
  const playlist = playlists.playlists.items.find((item) => item !== null && item.tracks.total > 25);
  expect(playlist, 'a playlist of more than 25 tracks').toBeTruthy();
  const plain = await withoutJavaScript(browser, page, testInfo);
  const items = listItems(plain);
  try {
    // A page of one list that streams (new releases' tiles), twice: each page lands at its own start.
    await plain.goto('/album/new-release');
    await showMoreLands(plain, items, 2);
    await showMoreLands(plain, items, 3);
    // A detail page's list (a playlist's tracks, whose pages may drop nameless entries), and a see-all list's rows and tiles.
    await plain.goto(`/playlist/${playlist!.id}`);
    await showMoreLands(plain, items, 2);
    await showMoreLands(plain, items, 3);
    await plain.goto('/search/track/a');
    await showMoreLands(plain, items, 2);
    await plain.goto('/search/album/a');
    await showMoreLands(plain, items, 2);
  } finally {
    await plain.context().close();
  }
});
