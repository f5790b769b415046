import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { firstCardPath } from './helpers/library';
import { saveScreen } from './helpers/screens';
import { withoutJavaScript } from './helpers/without-javascript';

// With JavaScript off the content's controls either work or are not shown (docs/ARCHITECTURE.md,
// "Server-rendered pages"): a list's Show more lands where its new items begin; the heart, Save
// and Follow post the page's library form (src/pages/session/library.ts) and the page comes back
// with the new state.

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

/** A page's own Save or Follow button, whichever it says. */
const ownButton = (page: Page, words: RegExp) => page.locator('.detail-header').getByRole('button', { name: words });

test.describe('the library with JavaScript off', () => {
  // These change the guest's library: each starts from a reset of the worker's own sandbox, as library.spec.ts does, and undoes what it did.

  test("a heart, an album's Save and an artist's Follow post the page's form: the page comes back as it was, with the new state; each undone the same way", async ({ page, signIn, sandbox, browser, sandboxUrl }, testInfo) => {
    await sandbox.reset();
    await signIn(page, 'guest', { home: false });
    const albumPath = await firstCardPath(page, '/search/album/Sol');
    const [artist] = await searchCatalogue(page, sandboxUrl, 'artist', 1);
    const plain = await withoutJavaScript(browser, page, testInfo);
    const sent: string[] = [];
    plain.on('request', (request) => void (request.method() === 'POST' && sent.push(new URL(request.url()).pathname)));
    try {
      // The album's Save, then Saved (the provider says so: Saved Albums lists it).
      await plain.goto(albumPath);
      await expect(ownButton(plain, /^Save /)).toBeVisible();
      await ownButton(plain, /^Save /).click();
      await plain.waitForURL((url) => url.pathname === albumPath && url.search === '');
      await expect(ownButton(plain, /^Saved /)).toBeVisible();
      await plain.goto('/collection/albums');
      await expect(plain.locator(`#content a[href="${albumPath}"]`).first()).toBeVisible();

      // A track's heart, on the album page.
      await plain.goto(albumPath);
      const row = plain.locator('#content .track-row').first();
      const trackId = await row.getAttribute('data-track-id');
      const rowOf = () => plain.locator(`#content .track-row[data-track-id="${trackId}"]`).first();
      await rowOf().getByRole('button', { name: /^Save to Liked/ }).click();
      await plain.waitForURL((url) => url.pathname === albumPath);
      await expect(rowOf().getByRole('button', { name: /^Remove from Liked/ })).toBeVisible();
      await plain.goto('/collection/tracks');
      await expect(plain.locator(`#content .track-row[data-track-id="${trackId}"]`)).toHaveCount(1);

      // The artist's Follow.
      const artistPath = `/artist/${artist!.id}`;
      await plain.goto(artistPath);
      const followedBefore = await ownButton(plain, /^(Follow|Following) /).getAttribute('aria-label');
      expect(followedBefore, 'the artist is not followed yet').toMatch(/^Follow /);
      await ownButton(plain, /^Follow /).click();
      await plain.waitForURL((url) => url.pathname === artistPath);
      await expect(ownButton(plain, /^Following /)).toBeVisible();

      // Undone: each button now offers the way back, and takes it.
      await ownButton(plain, /^Following /).click();
      await plain.waitForURL((url) => url.pathname === artistPath);
      await expect(ownButton(plain, /^Follow /)).toBeVisible();
      await plain.goto(albumPath);
      await rowOf().getByRole('button', { name: /^Remove from Liked/ }).click();
      await plain.waitForURL((url) => url.pathname === albumPath);
      await expect(rowOf().getByRole('button', { name: /^Save to Liked/ })).toBeVisible();
      await ownButton(plain, /^Saved /).click();
      await plain.waitForURL((url) => url.pathname === albumPath);
      await expect(ownButton(plain, /^Save /)).toBeVisible();
      await plain.goto('/collection/albums');
      await expect(plain.locator(`#content a[href="${albumPath}"]`)).toHaveCount(0);
      // Every change was one plain form's POST to the library route.
      expect(sent).toEqual(Array(6).fill('/session/library'));
    } finally {
      await plain.context().close();
      await sandbox.reset();
    }
  });

  test('a heart pressed in a list shown longer with Show more comes back with the list as long, the heart on', async ({ page, signIn, sandbox, browser, sandboxUrl }, testInfo) => {
    await sandbox.reset();
    await signIn(page, 'guest', { home: false });
    const playlists = await providerGet<{ playlists: { items: ({ id: string; tracks: { total: number } } | null)[] } }>(page, sandboxUrl, 'search?q=a&type=playlist&limit=50');
    const playlist = playlists.playlists.items.find((item) => item !== null && item.tracks.total > 25)!;
    const plain = await withoutJavaScript(browser, page, testInfo);
    const items = listItems(plain);
    try {
      await plain.goto(`/playlist/${playlist.id}?pages=2`);
      const shown = await items.count();
      // The first track of the second page, where Show more landed.
      const target = plain.locator('[id="list-page-2"]');
      const trackId = await target.locator('.track-row').getAttribute('data-track-id');
      const heart = (words: RegExp) => plain.locator(`#content .track-row[data-track-id="${trackId}"]`).first().getByRole('button', { name: words });
      const liked = await heart(/^(Save to|Remove from) Liked/).getAttribute('aria-label');
      const [on, off] = liked!.startsWith('Save to') ? [/^Remove from Liked/, /^Save to Liked/] : [/^Save to Liked/, /^Remove from Liked/];
      await heart(off).click();
      await plain.waitForURL((url) => url.pathname === `/playlist/${playlist.id}` && url.search === '?pages=2');
      await expect(heart(on)).toBeVisible();
      await expect(items).toHaveCount(shown);
      await heart(on).click();
      await plain.waitForURL((url) => url.search === '?pages=2');
      await expect(heart(off)).toBeVisible();
    } finally {
      await plain.context().close();
      await sandbox.reset();
    }
  });

  test("a Save the provider refuses changes nothing, and the page it comes back to says SPEC §8's words", async ({ page, signIn, sandbox, browser }, testInfo) => {
    await sandbox.reset();
    await signIn(page, 'guest', { home: false });
    const albumPath = await firstCardPath(page, '/search/album/Sol');
    const plain = await withoutJavaScript(browser, page, testInfo);
    try {
      await sandbox.addFault({ match: { method: 'PUT', path: '^/v1/me/(albums|library)' }, status: 503, body: { error: { status: 503, message: 'The library is resting' } } });
      await plain.goto(albumPath);
      await ownButton(plain, /^Save /).click();
      await plain.waitForURL((url) => url.pathname === albumPath);
      await expect(plain.locator('.server-toast')).toHaveText('The library is resting');
      await expect(ownButton(plain, /^Save /)).toBeVisible();
      // Told once: the page loaded again says nothing.
      await plain.reload();
      await expect(ownButton(plain, /^Save /)).toBeVisible();
      await expect(plain.locator('.server-toast')).toHaveCount(0);
    } finally {
      await plain.context().close();
      await sandbox.clearFaults();
    }
  });
});

test("with JavaScript, a library button never sends the page's form: a press before the island hydrated is held and made by the island, one after it too", { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const albumPath = await firstCardPath(page, '/search/album/Sol');
  const posted: string[] = [];
  page.on('request', (request) => void (new URL(request.url()).pathname === '/session/library' && posted.push(request.method())));
  // The album view's code comes late: the press lands on the server's HTML, whose button is the form's submit.
  await page.route(/\/_astro\/AlbumView\.[\w-]+\.js$/, async (route) => {
    await new Promise((arrived) => setTimeout(arrived, 1500));
    await route.continue();
  });
  try {
    await page.goto(albumPath);
    await expect(page.locator('#library-form')).toHaveCount(1);
    await ownButton(page, /^Save /).click();
    await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
    await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
    await expect(ownButton(page, /^Saved /)).toBeVisible();
    // A heart pressed once hydrated, and the Save taken back.
    const row = page.locator('#content .track-row').first();
    await row.getByRole('button', { name: /^Save to Liked/ }).click();
    await expect(row.getByRole('button', { name: /^Remove from Liked/ })).toBeVisible();
    await row.getByRole('button', { name: /^Remove from Liked/ }).click();
    await ownButton(page, /^Saved /).click();
    await expect(ownButton(page, /^Save /)).toBeVisible();
    await expect(row.getByRole('button', { name: /^Save to Liked/ })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(albumPath);
    expect(posted, 'no form sent to the library route').toEqual([]);
  } finally {
    await sandbox.reset();
  }
});

test("with JavaScript off the content shows no control only a script runs (Play, a row's More, the cover's preview, Add to playlist, an owner's Edit and Remove, Create Playlist, the queue's Close), and keeps what they hold: names, pictures", async ({ page, signIn, browser, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const albumPath = await firstCardPath(page, '/search/album/Sol');
  const me = await providerGet<{ id: string }>(page, sandboxUrl, 'me');
  const mine = await providerGet<{ items: { id: string; owner: { id: string } }[] }>(page, sandboxUrl, 'me/playlists?limit=50');
  const own = mine.items.find((playlist) => playlist.owner.id === me.id);
  expect(own, "a playlist of the guest's own").toBeTruthy();
  const plain = await withoutJavaScript(browser, page, testInfo);
  const content = (shown: Page) => shown.locator('#content');
  /** The script's controls, by the names a screen reader hears. */
  const scriptOnly = (shown: Page) =>
    content(shown).getByRole('button', { name: /^(Play |More options for |Show the picture of |Add to playlist$|Edit details$|Remove from Your Library$|Create (P|p)laylist$|Close queue$|Try again$)/ });
  const check = async (shown: Page, path: string) => {
    await shown.goto(path);
    await expect(content(shown).getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(scriptOnly(shown), path).toHaveCount(0);
  };
  try {
    await check(plain, albumPath);
    // The rows' names and the cover stay, where they were; the heart stays (it works).
    const row = content(plain).locator('.track-row').first();
    await expect(row.locator('.track-row__title')).toBeVisible();
    await expect(row.getByRole('button', { name: /^(Save to|Remove from) Liked/ })).toBeVisible();
    await expect(content(plain).locator('.detail-header__cover:visible')).toHaveCount(1);
    await expect(row.locator('.track-row__play')).toBeHidden();
    await check(plain, `/playlist/${own!.id}`);
    await check(plain, '/');
    // Recent Played's tiles: their pictures and names stay.
    await expect(content(plain).locator('.track-card .card__title').first()).toBeVisible();
    await expect(content(plain).locator('.track-card .card__cover').first()).toBeVisible();
    await check(plain, '/collection');
    await check(plain, '/player');
    await saveScreen(plain, testInfo, 'no-js-album-controls');
  } finally {
    await plain.context().close();
  }
  // With JavaScript they are there, before the page's islands have hydrated too.
  await page.goto(albumPath);
  await expect(content(page).getByRole('button', { name: /^More options for / }).first()).toBeVisible();
  await expect(content(page).getByRole('button', { name: /^Show the picture of / })).toBeVisible();
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
  await page.goto(`/playlist/${own!.id}`);
  await expect(content(page).getByRole('button', { name: 'Edit details' })).toBeVisible();
  await page.goto('/collection');
  await expect(content(page).getByRole('button', { name: 'Create playlist', exact: true })).toBeVisible();
});
