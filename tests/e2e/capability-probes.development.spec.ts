import { searchCatalogue } from './helpers/catalogue';
import { REMOVED_CALLS_ANSWERS } from './helpers/development';
import { expect, test } from './fixtures';

// DESIGN §2: a removed endpoint is asked about once a session, by the pages and by the probes
// that tell a removed endpoint from a missing id alike. Counted at the sandbox (its faults count
// the server's calls too). Each test has a session of its own: what an earlier one learnt would
// leave nothing to ask.
test.use({ allowErrors: REMOVED_CALLS_ANSWERS, ownSession: true });

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

/** GET browse/categories, the list (not a category's playlists). */
const categoriesList = { method: 'GET', path: '^/v1/browse/categories(\\?|$)' };

const searchPage = async (page: import('@playwright/test').Page) => {
  await page.goto('/search');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
};
const categoryPage = async (page: import('@playwright/test').Page) => {
  await page.goto('/category/pop/playlists');
  await expect(page.getByRole('heading', { name: 'Playlist not availbale' })).toBeVisible();
};

for (const [order, first, second] of [
  ['the category browse, then a category', searchPage, categoryPage],
  ['a category, then the category browse', categoryPage, searchPage],
] as const) {
  test(`the removed category browse is asked about once: ${order}`, async ({ page, sandbox, signIn }) => {
    await signIn(page, 'guest', { home: false });
    await sandbox.addFault({ match: categoriesList });
    await first(page);
    await second(page);
    expect(await sandbox.faultHits()).toEqual([1]);
  });
}

test("an artist's removed sections are each asked about once, when the artist asked about is the one a probe's search finds first", async ({ page, sandbox, sandboxUrl, signIn }) => {
  await signIn(page, 'guest', { home: false });
  // The probes look for an artist the provider has with the first search of artists for 'a'.
  const [artist] = await searchCatalogue<{ id: string; name: string }>(page, sandboxUrl, 'artist', 1);
  await sandbox.addFault([
    { match: { method: 'GET', path: `^/v1/artists/${artist!.id}/related-artists` } },
    { match: { method: 'GET', path: `^/v1/artists/${artist!.id}/top-tracks` } },
  ]);
  await page.goto(`/artist/${artist!.id}`);
  await expect(page.getByRole('heading', { name: `Albums By ${artist!.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fans Also like' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Popular Tracks' })).toHaveCount(0);
  expect(await sandbox.faultHits()).toEqual([1, 1]);
});
