import type { Locator, Page, TestInfo } from '@playwright/test';
import { countProviderRequests, providerGet, searchCatalogue } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';
import { colourDistance, pixelAt, rgbOf, type Rgb } from './helpers/pixels';
import { accessTokenOf } from './helpers/access-token';
import { expectToastShown } from './helpers/toasts';
import { tooltipOf } from './helpers/tooltip';

// The browsing pages of SPEC §2 against the sandbox, on the desktop and mobile projects:
// content, paging, skeletons, error and not-found states, fallbacks, memory on going back.

interface CatalogueAlbum {
  id: string;
  name: string;
  total_tracks: number;
  album_type: string;
  release_date: string;
  artists: { id: string; name: string }[];
}
interface CatalogueArtist {
  id: string;
  name: string;
  followers: { total: number };
}
interface CataloguePlaylist {
  id: string;
  name: string;
  description: string;
  owner: { id: string; display_name: string };
  tracks: { total: number };
}

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** An album with more tracks than one page of 20, so paging shows. */
async function aLongAlbum(page: Page, sandboxUrl: string): Promise<CatalogueAlbum> {
  const albums = await searchCatalogue<CatalogueAlbum>(page, sandboxUrl, 'album');
  return albums.find((album) => album.total_tracks > 3) ?? albums[0]!;
}

test('home shows Recent Played, Tranding Songs in three columns and New Release', async ({ page, signIn }, testInfo) => {
  await signIn(page);
  // One page heading, for those who move by headings (read out, not shown); the sections are h2s.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  await expect(page.getByRole('heading', { name: 'Recent Played', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tranding Songs' })).toBeVisible();
  for (const language of ['Hindi', 'Punjabi', 'English']) {
    const column = page.getByRole('list', { name: `Tranding Songs: ${language}` });
    await expect(column.getByRole('listitem').first()).toBeVisible();
    expect(await column.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  }
  if (!isNarrow(testInfo)) {
    // A third of the page each: a row's ⋮ shows under the pointer, in the duration's place, and
    // keeps no empty column of its own beside it the rest of the time (it cut names short).
    const row = page.getByRole('list', { name: 'Tranding Songs: Hindi' }).getByRole('listitem').first().locator('.track-row');
    const rowBox = (await row.boundingBox())!;
    const durationBox = (await row.locator('.track-row__duration').boundingBox())!;
    expect(rowBox.x + rowBox.width - (durationBox.x + durationBox.width)).toBeLessThanOrEqual(12);
    await row.hover();
    const more = row.getByRole('button', { name: /^More options/ });
    await expect(more).toBeVisible();
    await expect(row.locator('.track-row__duration')).toBeHidden();
    const moreBox = (await more.boundingBox())!;
    expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
  }
  const newRelease = page.locator('section', { has: page.getByRole('heading', { name: 'New Release' }) });
  await expect(newRelease.locator('a.card').first()).toBeVisible();
  // The covers line up with the section's heading (a card's padding is its hover's, past the
  // edge), and See all is tall enough to press (24px, WCAG 2.5.8).
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Played' }) });
  const headingX = (await recent.getByRole('heading').boundingBox())!.x;
  expect(Math.abs((await recent.locator('a.card img, .card img').first().boundingBox())!.x - headingX)).toBeLessThanOrEqual(1);
  expect((await recent.getByRole('link', { name: 'See all' }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
  // The page ends with its footer: nothing hidden below it makes the page scroll on.
  if (!isNarrow(testInfo)) {
    expect(await page.evaluate(() => document.documentElement.scrollHeight - (document.querySelector('footer')!.getBoundingClientRect().bottom + scrollY))).toBeLessThanOrEqual(1);
  }
  expect(await newRelease.locator('a.card').count()).toBeLessThanOrEqual(10);
  await saveScreen(page, testInfo, 'home');
  await newRelease.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/album\/new-release$/);
  await expect(page.getByRole('heading', { name: 'New Release', level: 1 })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
});

test('an album shows its header, the numbered tracks and an image preview that only Close closes', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeVisible();
  const header = page.locator('.detail-header');
  await expect(header).toContainText(album.release_date.slice(0, 4));
  await expect(header).toContainText(`${album.total_tracks} song`);
  await expect(header).toContainText(album.album_type);
  await expect(header.getByRole('link', { name: album.artists[0]!.name }).first()).toHaveAttribute('href', `/artist/${album.artists[0]!.id}`);
  await expect(header.getByRole('button', { name: /^(Save|Saved) / })).toBeEnabled();
  const rows = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem');
  await expect(rows).toHaveCount(Math.min(20, album.total_tracks));
  await expect(rows.first().locator('.track-row__number')).toHaveText('1');
  await saveScreen(page, testInfo, 'album');

  await header.getByRole('button', { name: `Show the picture of ${album.name}` }).click();
  const preview = page.getByRole('dialog', { name: 'Image preview' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(600);
  await page.keyboard.press('Escape');
  await page.mouse.click(3, 3);
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test("a detail header's colour fades into the first rows, under the track menu and the footer", async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const albums = await searchCatalogue<CatalogueAlbum>(page, sandboxUrl, 'album');
  const long = albums.find((album) => album.total_tracks >= 8)!;
  const short = albums.reduce((fewest, album) => (album.total_tracks < fewest.total_tracks ? album : fewest));
  await page.goto(`/album/${long.id}`);
  const header = page.locator('.detail-header');
  await expect(header).toBeVisible();
  const look = () =>
    header.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { colour: getComputedStyle(element).backgroundColor, page: getComputedStyle(document.body).backgroundColor, left: box.left, bottom: box.bottom };
    });
  const { colour, page: surface, left, bottom } = await look();
  // Just past the header's edge, its colour at the fade's start (40% on the dark page), beside the rows' numbers.
  const start = rgbOf(colour).map((value, i) => Math.round(value * 0.4 + rgbOf(surface)[i]! * 0.6)) as Rgb;
  expect(colourDistance(await pixelAt(page, left + 6, bottom + 2), start)).toBeLessThanOrEqual(8);
  // Faded out 320 px on (scrolled up clear of a phone's mini-player and bottom navigation).
  await page.evaluate(() => window.scrollBy(0, 250));
  const scrolled = await look();
  expect(colourDistance(await pixelAt(page, scrolled.left + 6, scrolled.bottom + 330), rgbOf(surface))).toBeLessThanOrEqual(4);

  if (!isNarrow(testInfo)) {
    // The track menu stays over everything, the player card included, wherever it opens.
    const card = page.locator('.player-card');
    const rows = page.getByRole('list', { name: `Tracks of ${long.name}` }).getByRole('listitem');
    const row = rows.nth(3);
    if (await card.isVisible()) {
      const cardTop = (await card.boundingBox())!.y;
      const rowTop = (await row.boundingBox())!.y;
      await page.evaluate((by) => window.scrollBy(0, by), rowTop - (cardTop - 70));
    }
    await row.hover();
    await row.getByRole('button', { name: /^More options for / }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    for (const item of await items.all()) {
      expect(await item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      })).toBe(true);
    }
    await page.keyboard.press('Escape');
  }

  // On a short album the fade reaches the footer, which stays over it (its own colour from its top edge).
  await page.goto(`/album/${short.id}`);
  await expect(header).toBeVisible();
  const footer = page.locator('.app-footer footer');
  // Its top edge in sight, clear of the top bar.
  await footer.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - innerHeight * 0.4));
  const footerTop = await footer.evaluate((element) => ({ top: element.getBoundingClientRect().top, colour: getComputedStyle(element).backgroundColor }));
  expect(colourDistance(await pixelAt(page, (await look()).left + 6, footerTop.top + 3), rgbOf(footerTop.colour))).toBeLessThanOrEqual(3);
});

test('an artist shows Verified, listeners, Follow, Popular Tracks, Albums By and Fans Also like', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const artists = await searchCatalogue<CatalogueArtist>(page, sandboxUrl, 'artist');
  const famous = artists.find((artist) => artist.followers.total > 1000)!;
  const small = artists.find((artist) => artist.followers.total <= 1000);
  await page.goto(`/artist/${famous.id}`);
  await expect(page.getByRole('heading', { level: 1, name: famous.name })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText(`${famous.followers.total.toLocaleString('en-US')} monthly listeners`)).toBeVisible();
  await expect(page.locator('.detail-header').getByRole('button', { name: /^(Follow|Following) / })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Popular Tracks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Albums By ${famous.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fans Also like' })).toBeVisible();
  const popular = page.getByRole('list', { name: `Popular tracks of ${famous.name}` }).getByRole('listitem');
  await expect(popular.first()).toBeVisible();
  if ((await popular.count()) === 10) {
    await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Popular Tracks' }) }).getByRole('link', { name: 'See all' }))
      .toHaveAttribute('href', `/search/track/${encodeURIComponent(famous.name)}`);
  }
  // Albums By shows the first 10 with no paging of its own; See all at exactly 10 (SPEC §9).
  const albumsSection = page.locator('section', { has: page.getByRole('heading', { name: `Albums By ${famous.name}` }) });
  const albumCards = albumsSection.locator('.card-row > *');
  await expect(albumCards.first()).toBeVisible();
  const { total: albumTotal } = await providerGet<{ total: number }>(page, sandboxUrl, `artists/${famous.id}/albums?limit=1`);
  await expect(albumCards).toHaveCount(Math.min(10, albumTotal));
  await expect(albumsSection.getByRole('link', { name: 'See all' })).toHaveCount(albumTotal >= 10 ? 1 : 0);
  await expect(albumsSection.getByTestId('load-more')).toHaveCount(0);
  await saveScreen(page, testInfo, 'artist');
  if (small) {
    await page.goto(`/artist/${small.id}`);
    await expect(page.getByRole('heading', { level: 1, name: small.name })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
  }
  await page.goto(`/artist/${famous.id}/albums`);
  await expect(page.getByRole('heading', { level: 1, name: `Albums By ${famous.name}` })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
});

test('a playlist shows its owner, counts and rows, hides a description with a link and renders names as text', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const playlists = await searchCatalogue<CataloguePlaylist>(page, sandboxUrl, 'playlist');
  const linked = playlists.find((playlist) => /<a\b/.test(playlist.description) && playlist.tracks.total > 0)!;
  await page.goto(`/playlist/${linked.id}`);
  await expect(page.getByRole('heading', { level: 1, name: linked.name })).toBeVisible();
  const header = page.locator('.detail-header');
  await expect(header).not.toContainText('Cover:');
  await expect(header.locator('a[href^="spotify:"]')).toHaveCount(0);
  await expect(header.getByRole('link', { name: linked.owner.display_name })).toHaveAttribute('href', `/user/${linked.owner.id}`);
  await expect(header).toContainText(`${linked.tracks.total} songs`);
  const rows = page.getByRole('list', { name: `Tracks of ${linked.name}` }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Wide screens show the album and date-added columns; narrow ones the compact row.
  await expect(rows.first().locator('.track-row__album')).toBeVisible({ visible: !isNarrow(testInfo) });
  await expect(rows.first().locator('.track-row__added')).toBeVisible({ visible: !isNarrow(testInfo) });
  await saveScreen(page, testInfo, 'playlist');

  const plain = playlists.find((playlist) => playlist.description.trim() !== '' && !/<a\b|https?:/.test(playlist.description));
  if (plain) {
    await page.goto(`/playlist/${plain.id}`);
    await expect(page.locator('.detail-header__description')).toHaveText(plain.description);
  }
});

test("another user's profile shows followers and public playlists", async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/user/aarav.sharma');
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
  await expect(page.locator('.detail-header')).toContainText('followers');
  await expect(page.getByRole('heading', { name: 'Public Playlists' })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
  await saveScreen(page, testInfo, 'user');
});

test("one's own id is one's own profile: /user/{my id} goes to /user/me, with no Follow of oneself", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const me = await providerGet<{ id: string }>(page, sandboxUrl, 'me');
  await page.goto(`/user/${encodeURIComponent(me.id)}`);
  await page.waitForURL((url) => url.pathname === '/user/me');
  await expect(page.locator('.detail-header').getByRole('button', { name: /^(Follow|Following) / })).toHaveCount(0);
});

test('related artists, popular playlists, a category and the recent plays show what the provider holds', async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [artist] = await searchCatalogue<CatalogueArtist>(page, sandboxUrl, 'artist', 1);
  const { artists: related } = await providerGet<{ artists: { name: string }[] }>(page, sandboxUrl, `artists/${artist!.id}/related-artists`);
  await page.goto(`/artist/${artist!.id}/related-artists`);
  await expect(page.getByRole('heading', { level: 1, name: `Fans Also like ${artist!.name}` })).toBeVisible();
  await expect(page.locator('.card-grid .card__title')).toHaveText(related.map((one) => one.name));

  const featured = await providerGet<{ message: string; playlists: { total: number; items: { name: string }[] } }>(page, sandboxUrl, 'browse/featured-playlists?limit=20');
  await page.goto('/playlist/popular');
  await expect(page.getByRole('heading', { level: 1, name: featured.message })).toBeVisible();
  await expect(page.locator('.card-grid .card__title')).toHaveText(featured.playlists.items.map((one) => one.name));

  const category = await providerGet<{ message: string; playlists: { items: { name: string }[] } }>(page, sandboxUrl, 'browse/categories/pop/playlists?limit=20&market=IN');
  await page.goto('/category/pop/playlists');
  await expect(page.getByRole('heading', { level: 1, name: category.message })).toBeVisible();
  // Its tab is named by the category too (a tab or history entry of one tells it from another).
  await expect(page).toHaveTitle(`\u2068${category.message}\u2069 | My Music`);
  await expect(page.locator('.card-grid .card__title')).toHaveText(category.playlists.items.map((one) => one.name));

  const { items: plays } = await providerGet<{ items: { track: { id: string } }[] }>(page, sandboxUrl, 'me/player/recently-played?limit=50');
  await page.goto('/track/recent-played');
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Played' })).toBeVisible();
  // De-duplicated by track id (SPEC §4).
  await expect(page.getByRole('list', { name: 'Recent Played' }).getByRole('listitem')).toHaveCount(new Set(plays.map((play) => play.track.id)).size);
});

test("a list nobody has pointed at or touched still goes on when its end is scrolled to (a screen reader's reading moves no pointer)", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  // A short window: the list's end starts well below it (its island hydrates as the end shows).
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/album/new-release');
  const cards = page.locator('.card-grid > *');
  await expect(cards).toHaveCount(20);
  // Scrolled from a script, with no input event: only the list's end nearing the screen hydrates its island.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
  await cards.last().evaluate((card) => card.scrollIntoView());
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(cards).toHaveCount(40);
});

test('new releases scroll in pages of 20, each asked when the last card shows, and stop at the offset-80 cap', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  // On the desktop alone (@viewport-free): the paging rule is the same on both viewports; the list is long enough to prove it once.
  await signIn(page, 'guest', { home: false });
  const { albums } = await providerGet<{ albums: { total: number } }>(page, sandboxUrl, 'browse/new-releases?limit=1');
  // A list well past the cap: it must end on the cap (SPEC §4), not on its total.
  expect(albums.total).toBeGreaterThan(120);
  const requests = countProviderRequests(page, sandboxUrl);
  await page.goto('/album/new-release');
  const cards = page.locator('.card-grid > *');
  await expect(cards).toHaveCount(20);
  // The user's pointer on the page: its list hydrates (hydrate-on-intent.ts; the test below scrolls without one).
  await actOnPage(page);
  for (let shown = 20; shown < 100; shown += 20) {
    // The observer watches the last card, and only it.
    await expect(page.getByTestId('load-more')).toHaveCount(1);
    await expect(cards.last()).toHaveAttribute('data-testid', 'load-more');
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(shown + 20);
  }
  // At the cap nothing is watched, and nothing more is asked however far the user scrolls.
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await page.mouse.wheel(0, 6000);
  await cards.last().scrollIntoViewIfNeeded();
  await expect(page.locator('.paged-view__more')).toHaveCount(0);
  await expect(cards).toHaveCount(100);
  const offsets = requests.urls.filter((url) => url.includes('/browse/new-releases')).map((url) => Number(new URL(url).searchParams.get('offset')));
  expect(offsets.filter((offset) => offset > 80)).toEqual([]);
  // The first 20 came in the page's HTML (the server asked them); the browser asks the rest
  // 20 at a time. Home's New Release row (10), which signing in landed on, may still be asking
  // as the counting starts.
  const pages = requests.urls.filter((url) => url.includes('/browse/new-releases') && new URL(url).searchParams.get('limit') === '20');
  expect(pages.map((url) => new URL(url).searchParams.get('offset'))).toEqual(['20', '40', '60', '80']);
});

test('back and forward between an album and its artist show the kept pages: no request to the site or the provider', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const rows = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await page.locator('.detail-header').getByRole('link', { name: album.artists[0]!.name }).first().click();
  const artistHeading = page.getByRole('heading', { level: 1, name: album.artists[0]!.name });
  await expect(artistHeading).toBeVisible();
  await page.waitForLoadState('networkidle');
  const requests = countProviderRequests(page, sandboxUrl);
  const pageFetches: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(new URL(page.url()).origin) && ['fetch', 'document'].includes(request.resourceType())) pageFetches.push(request.url());
  });
  // The pointer leaves the artist link it clicked: resting on it as the album comes back, it
  // would fetch the artist's page ahead for a click (shell-client.ts), a request of its own.
  await page.mouse.move(1276, 400);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
  await expect(rows).toHaveCount(Math.min(20, album.total_tracks));
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
  await page.goForward();
  await expect(artistHeading).toBeVisible();
  await page.waitForTimeout(300);
  expect(requests.urls).toEqual([]);
  expect(pageFetches.filter((url) => !url.includes('/session/'))).toEqual([]);
});

test.describe('failures', () => {
  // The server's answers themselves, with no service worker (the config blocks it): it would
  // serve a page it kept when the site does not answer (offline.spec.ts tests that rule).
  test.use({ allowErrors: /HTTP (400|404|500|502)|status of (400|404|500|502)|\/img\/(album|artist|playlist|user)\/\S+ \(net::ERR_BLOCKED_BY_ORB\)/ });

  test('a missing or malformed id shows the not-found message, never a blank page or a sign-out', { tag: '@viewport-free' }, async ({ page, signIn }) => {
    await signIn(page, 'guest', { home: false });
    // The user cases come first, in a fresh tab: the first 404 from users/{id} must read as
    // "no such user", not as an endpoint gone for this app (DESIGN §2).
    const cases: [string, string][] = [
      ['/user/nobody-at-all', 'User Not Found'],
      ['/user/%3Cx%3E', 'User Not Found'],
      ['/album/0000000000000000000000', 'Album Not Found'],
      ['/album/not-an-id!', 'Album Not Found'],
      ['/artist/0000000000000000000000', 'Artist Not Found'],
      ['/artist/%3Cscript%3E', 'Artist Not Found'],
      ['/playlist/0000000000000000000000', 'Playlist Not Found'],
      ['/playlist/zzz', 'Playlist Not Found'],
      ['/category/no-such-category/playlists', 'Playlist not availbale'],
      // Not valid percent-encoding (a hand-edited address): a lone % is itself, so the album
      // page says so; escapes that make no text get Page Not Found. Never the server's bare text.
      ['/album/%%%', 'Album Not Found'],
      ['/album/%FF', 'Page Not Found'],
    ];
    for (const [path, message] of cases) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: message })).toBeVisible();
      // The tab says it too: a screen reader hears the title as the client router shows a page.
      if (message.endsWith(' Not Found')) await expect(page).toHaveTitle(`${message} | My Music`);
      // Not sent elsewhere. A stray '%' may come back escaped ('%25'): the same address, which the
      // router can read (src/stores/route.ts).
      const written = path.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&').replace(/%(?![0-9A-F]{2})/gi, '(?:%|%25)');
      await expect(page).toHaveURL(new RegExp(`${written}$`));
    }
    expect(await accessTokenOf(page), 'still signed in').not.toBeNull();
    // Nothing was learnt missing: other users' pages and category lists still open.
    await page.goto('/user/aarav.sharma');
    await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
    await page.goto('/category/pop/playlists');
    await expect(page.locator('.card-grid a.card').first()).toBeVisible();
  });

  test('album, artist, playlist and user pages: whole (no skeletons) while slow, the error screen with Try again on a 500, the default image for a broken picture', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
    // The states are the same components on every viewport, and the walk sets faults, so it runs once.
    // On the desktop alone (@viewport-free): the loading, error and fallback states are the same on both viewports.
    await signIn(page, 'guest', { home: false });
    const album = await aLongAlbum(page, sandbox.url);
    const [artist] = await searchCatalogue<CatalogueArtist>(page, sandbox.url, 'artist', 5);
    const playlists = await searchCatalogue<CataloguePlaylist & { images: unknown[] }>(page, sandbox.url, 'playlist');
    const playlist = playlists.find((one) => one.images.length > 0 && one.tracks.total > 0)!;
    const targets = [
      { path: `/album/${album.id}`, api: `^/v1/albums/${album.id}(\\?|$)`, picture: `^/img/album/${album.id}`, name: album.name },
      { path: `/artist/${artist!.id}`, api: `^/v1/artists/${artist!.id}(\\?|$)`, picture: `^/img/artist/${artist!.id}`, name: artist!.name },
      { path: `/playlist/${playlist.id}`, api: `^/v1/playlists/${playlist.id}(\\?|$)`, picture: `^/img/playlist/${playlist.id}`, name: playlist.name },
      { path: '/user/aarav.sharma', api: '^/v1/users/aarav\\.sharma(\\?|$)', picture: '^/img/user/aarav\\.sharma', name: 'Aarav Sharma' },
    ];
    for (const target of targets) {
      // The picture first: once loaded, the browser keeps it (the sandbox's images are immutable).
      // Broken for as long as the page is looked at: a streamed page asks for it twice (its
      // header shows while the sections come, then with them).
      await sandbox.addFault({ match: { method: 'GET', path: target.picture }, status: 404 });
      await page.goto(target.path);
      await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
      const cover = page.locator('.detail-header__cover');
      await expect(cover).toHaveAttribute('src', '/images/default-song.svg');
      // The fallback itself loads (polled: the swap of src starts a load the check may precede).
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await sandbox.clearFaults();

      await sandbox.addFault({ match: { method: 'GET', path: target.api }, delayMs: 600, times: 1 });
      // The server waits for the provider: the page arrives whole, its content in the HTML
      // (at the load event a page rendered in the browser would still show skeletons).
      await page.goto(target.path);
      expect(await page.locator('.detail-header--skeleton, [data-testid="skeleton-row"]').count()).toBe(0);
      await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();

      // A GET is retried once on a 5xx before the user hears of it.
      await sandbox.addFault({ match: { method: 'GET', path: target.api }, status: 500, times: 2 });
      await page.goto(target.path);
      await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
      // SPEC §8's toast shows for 1.5 s: a busy machine may look after it went, so what the page showed is asked.
      await expectToastShown(page, 'Internal server error');
      // As every failed list, the failed page offers Try again, which loads it in place.
      await sandbox.clearFaults();
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    }
    // The own profile too; a page that is not there has nothing to try again.
    await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me(\\?|$)' }, status: 500 });
    await page.goto('/user/me');
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    await sandbox.clearFaults();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Top tracks this month' })).toBeVisible();
    await page.goto('/user/nobody-at-all');
    await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(await accessTokenOf(page), 'still signed in').not.toBeNull();
  });
});

test('saving an album flips Save to Saved only on the provider’s answer and stays after a reload', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandbox.url);
  await page.goto(`/album/${album.id}`);
  const button = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
  await expect(button).toBeEnabled();
  const wasSaved = (await button.getAttribute('aria-label'))!.startsWith('Saved ');
  const named = (saved: boolean) => (saved ? /^Saved / : /^Save /);
  await button.click();
  await expect(button).toHaveAccessibleName(named(!wasSaved));
  await page.reload();
  await expect(button).toHaveAccessibleName(named(!wasSaved));
  await button.click();
  await expect(button).toHaveAccessibleName(named(wasSaved));
});

test('hover looks are for a pointer that hovers: a tap on a phone leaves no tooltip, lit row or play mark behind', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const row = page.locator('.track-row').filter({ has: page.getByRole('button', { name: /^Save to Liked/ }) }).first();
  const id = await row.getAttribute('data-track-id');
  const sameRow = page.locator(`.track-row[data-track-id="${id}"]`).first();
  const heart = sameRow.locator('.like-button');
  /** What the row shows once its transitions have run: the heart's tooltip, the row's light, the play mark. */
  const looks = async () => {
    const row = await sameRow.evaluate(async (element) => {
      await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      return {
        lit: getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)',
        playMark: getComputedStyle(element.querySelector('.track-row__play')!).display !== 'none',
      };
    });
    return { tooltip: await tooltipOf(heart), ...row };
  };
  if (isNarrow(testInfo)) {
    // The list hydrated first (a key is an input too), so that the tap is the row's own, not one
    // held for the island while it wakes.
    await page.keyboard.press('Shift');
    await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
    // A phone keeps :hover (and the focus) on what was tapped last: here, the heart.
    await heart.tap();
    await expect(heart).toHaveAccessibleName(/^Remove from Liked/);
    expect(await looks()).toEqual({ tooltip: null, lit: false, playMark: false });
    await heart.tap(); // the library as it was
    await expect(heart).toHaveAccessibleName(/^Save to Liked/);
  } else {
    await heart.hover();
    expect(await looks()).toEqual({ tooltip: expect.stringContaining('Save to Liked'), lit: true, playMark: true });
  }
});

test("on a phone, a tap on the page the track menu's sheet dims only closes the sheet: what is under it is not pressed", async ({ page, signIn, sandboxUrl }, testInfo) => {
  test.skip(!isNarrow(testInfo), 'a sheet with a dimmed page is the narrow screens\' menu; wide screens show a dropdown beside its button');
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
  const savedBefore = await save.getAttribute('aria-label');
  const rows = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem');
  const menu = page.getByRole('menu');
  const openMenu = async () => {
    await rows.nth(2).getByRole('button', { name: /^More options for / }).tap();
    await expect(menu).toBeVisible();
  };
  const tapOn = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };

  // Over the album's Save: the sheet closes, the library is as it was.
  await openMenu();
  await tapOn(save);
  await expect(menu).toBeHidden();
  await page.waitForTimeout(500);
  await expect(save).toHaveAttribute('aria-label', savedBefore!);
  // Over the cover: no picture opens.
  await openMenu();
  await tapOn(page.locator('.detail-header__cover-button'));
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Image preview' })).toHaveCount(0);
  // Over the first row: nothing starts playing.
  await openMenu();
  await tapOn(rows.first().locator('.track-row__title'));
  await expect(menu).toBeHidden();
  await page.waitForTimeout(500);
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
  // The next tap is the user's own again.
  await tapOn(page.locator('.detail-header__cover-button'));
  await expect(page.getByRole('dialog', { name: 'Image preview' })).toBeVisible();
});

test("on a phone, a finger's long press on a row opens its menu, and lifting the finger presses nothing in it", { tag: '@phone-only' }, async ({ page, signIn, sandboxUrl }, testInfo) => {
  // A real touch (the browser's own gestures, not synthetic pointer events): Chromium ends a long
  // press with a click where the finger lifts, which lands on the menu opened under the finger.
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  await actOnPage(page);
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  const rows = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem');
  const menu = page.getByRole('menu');
  const cdp = await page.context().newCDPSession(page);
  const longPress = async (x: number, y: number) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(900);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  /** Scrolls the page so that row `index`'s middle stands at `y`; resolves with a point on its name there. */
  const rowAt = async (index: number, y: number) => {
    const row = rows.nth(index);
    await row.evaluate((item, to) => {
      const box = item.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - to);
    }, y);
    const title = (await row.locator('.track-row__title').boundingBox())!;
    return { x: title.x + Math.min(20, title.width / 2), y: title.y + title.height / 2 };
  };

  // Lifted where the sheet's backdrop now dims the page: the sheet stays open.
  const high = await rowAt(0, 200);
  await longPress(high.x, high.y);
  await expect(menu).toBeVisible();
  await page.waitForTimeout(600);
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Lifted where the sheet's "Go to artist" now is: nothing goes anywhere, the sheet stays open.
  await rows.nth(1).getByRole('button', { name: /^More options for / }).tap();
  const item = (await menu.getByRole('menuitem', { name: 'Go to artist' }).boundingBox())!;
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // A row further down, scrolled up to there.
  const low = await rowAt(Math.min(6, album.total_tracks - 1), item.y + item.height / 2);
  expect(Math.abs(low.y - (item.y + item.height / 2))).toBeLessThan(item.height / 2);
  await longPress(low.x, low.y);
  await expect(menu).toBeVisible();
  await page.waitForTimeout(600);
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
  await saveScreen(page, testInfo, 'track-menu-long-press');
  // The next tap is the user's own again.
  await menu.getByRole('menuitem', { name: 'Go to artist' }).tap();
  await expect(page).toHaveURL(/\/artist\//);
});

test("on a phone, a row's More button is narrow in the row, and a finger's 44 by 44 target", { tag: '@phone-only' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const more = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').nth(1).getByRole('button', { name: /^More options for / });
  const box = (await more.boundingBox())!;
  expect(box.width).toBe(32);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // The corners of a 44 by 44 square around its middle press it.
  const pressed = await more.evaluate((button, corners) => corners.map(([cx, cy]) => document.elementFromPoint(cx!, cy!)?.closest('button') === button), [
    [x - 21.5, y - 21.5], [x + 21.5, y - 21.5], [x - 21.5, y + 21.5], [x + 21.5, y + 21.5],
  ]);
  expect(pressed).toEqual([true, true, true, true]);
});

test("a track row's More menu opens (button, or a long press on touch screens) and takes the user to the track's artist", async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const row = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').first();
  const name = (await row.locator('.track-row__title').textContent())!;
  const menu = page.getByRole('menu', { name: `Options for ${name}` });
  if (isNarrow(testInfo)) {
    // A finger resting on the row: the menu opens as a sheet and nothing starts playing. The
    // press is the page's first input: it begins again once the row's island has hydrated.
    const box = (await row.boundingBox())!;
    const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true };
    await row.locator('.track-row').dispatchEvent('pointerdown', at);
    await expect(menu).toBeVisible();
    await row.locator('.track-row').dispatchEvent('pointerup', at);
    const sheet = (await menu.boundingBox())!;
    expect(Math.round(sheet.y + sheet.height)).toBe(page.viewportSize()!.height);
  } else {
    await row.getByRole('button', { name: `More options for ${name}` }).click();
    await expect(menu).toBeVisible();
  }
  // On the album's own page there is no way to the album, only to the artist.
  await expect(menu.getByRole('menuitem')).toHaveText(['Go to artist', 'Add to queue', 'Add to playlist']);
  await expect(menu.getByRole('menuitem', { name: 'Go to artist' })).toBeFocused();
  await saveScreen(page, testInfo, 'track-menu');
  // Nothing started playing (the player may show the account's last track, paused).
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/artist/${album.artists[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: album.artists[0]!.name })).toBeVisible();
});
