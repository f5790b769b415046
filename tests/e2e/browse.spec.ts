import type { Page, TestInfo } from '@playwright/test';
import { countProviderRequests, providerGet, searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';

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

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `${testInfo.project.outputDir}/screens/${testInfo.project.name}-${name}.png` });
}

/** An album with more tracks than one page of 20, so paging shows. */
async function aLongAlbum(page: Page, sandboxUrl: string): Promise<CatalogueAlbum> {
  const albums = await searchCatalogue<CatalogueAlbum>(page, sandboxUrl, 'album');
  return albums.find((album) => album.total_tracks > 3) ?? albums[0]!;
}

test('home shows Recent Played, Tranding Songs in three columns and New Release', async ({ page, signIn }, testInfo) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tranding Songs' })).toBeVisible();
  for (const language of ['Hindi', 'Punjabi', 'English']) {
    const column = page.getByRole('list', { name: `Tranding Songs: ${language}` });
    await expect(column.getByRole('listitem').first()).toBeVisible();
    expect(await column.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  }
  const newRelease = page.locator('section', { has: page.getByRole('heading', { name: 'New Release' }) });
  await expect(newRelease.locator('a.card').first()).toBeVisible();
  expect(await newRelease.locator('a.card').count()).toBeLessThanOrEqual(10);
  await shot(page, testInfo, 'home');
  await newRelease.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/album\/new-release$/);
  await expect(page.getByRole('heading', { name: 'New Release', level: 1 })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
});

test('an album shows its header, the numbered tracks and an image preview that only Close closes', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page);
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
  await shot(page, testInfo, 'album');

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

test('an artist shows Verified, listeners, Follow, Popular Tracks, Albums By and Fans Also like', async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page);
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
  await shot(page, testInfo, 'artist');
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
  await signIn(page);
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
  await shot(page, testInfo, 'playlist');

  const plain = playlists.find((playlist) => playlist.description.trim() !== '' && !/<a\b|https?:/.test(playlist.description));
  if (plain) {
    await page.goto(`/playlist/${plain.id}`);
    await expect(page.locator('.detail-header__description')).toHaveText(plain.description);
  }
});

test("another user's profile shows followers and public playlists", async ({ page, signIn }, testInfo) => {
  await signIn(page);
  await page.goto('/user/aarav.sharma');
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
  await expect(page.locator('.detail-header')).toContainText('followers');
  await expect(page.getByRole('heading', { name: 'Public Playlists' })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
  await shot(page, testInfo, 'user');
});

test('new releases scroll in pages of 20 up to the offset-80 cap', async ({ page, signIn, sandboxUrl }) => {
  await signIn(page);
  const { albums } = await providerGet<{ albums: { total: number } }>(page, sandboxUrl, 'browse/new-releases?limit=1');
  const requests = countProviderRequests(page, sandboxUrl);
  await page.goto('/album/new-release');
  const cards = page.locator('a.card');
  await expect(cards).toHaveCount(20);
  // SPEC §4: pages at offsets 0, 20, 40, 60, 80; none after the page at offset 80.
  const expected = Math.min(albums.total, 100);
  for (let shown = 20; shown < expected; shown += 20) {
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(shown + 20, expected));
  }
  // At the end, nothing more is asked however far the user scrolls.
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await page.mouse.wheel(0, 4000);
  await expect(cards).toHaveCount(expected);
  // This page asks 20 at a time; home's New Release row (10), which signing in landed on,
  // may still be asking as the counting starts.
  const pages = requests.urls.filter((url) => url.includes('/browse/new-releases') && new URL(url).searchParams.get('limit') === '20');
  expect(pages.map((url) => new URL(url).searchParams.get('offset'))).toEqual(['0', '20', '40', '60', '80'].slice(0, Math.ceil(expected / 20)));
});

test('going back to an album paints its tracks from memory with no provider request', async ({ page, signIn, sandboxUrl }) => {
  await signIn(page);
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const rows = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await page.locator('.detail-header').getByRole('link', { name: album.artists[0]!.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: album.artists[0]!.name })).toBeVisible();
  // The artist page's own asks (its sections, the Follow and heart checks) are over first.
  await page.waitForLoadState('networkidle');
  const requests = countProviderRequests(page, sandboxUrl);
  await page.goBack();
  await expect(rows).toHaveCount(Math.min(20, album.total_tracks));
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
  expect(requests.urls).toEqual([]);
});

test.describe('failures', () => {
  test.use({ allowErrors: /HTTP (400|404|500)|status of (400|404|500)|\/img\/album\/\S+ \(net::ERR_BLOCKED_BY_ORB\)/ });

  test('skeletons while the album is slow, then the content', async ({ page, signIn, sandbox }) => {
    await signIn(page);
    const album = await aLongAlbum(page, sandbox.url);
    await sandbox.addFault({ match: { method: 'GET', path: `^/v1/albums/${album.id}$` }, delayMs: 1500, times: 1 });
    await page.goto(`/album/${album.id}`);
    await expect(page.getByTestId('skeleton-row')).toHaveCount(10);
    await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeVisible();
    await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
  });

  test('a 500 shows the error screen and its toast, and keeps the session', async ({ page, signIn, sandbox }) => {
    await signIn(page);
    const album = await aLongAlbum(page, sandbox.url);
    // A GET is retried once on a 5xx before the user hears of it.
    await sandbox.addFault({ match: { method: 'GET', path: `^/v1/albums/${album.id}$` }, status: 500, times: 2 });
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).not.toBeNull();
  });

  test('a missing or malformed id shows the not-found message, never a blank page or a sign-out', async ({ page, signIn }) => {
    await signIn(page);
    const cases: [string, string][] = [
      ['/album/0000000000000000000000', 'Album Not Found'],
      ['/album/not-an-id!', 'Album Not Found'],
      ['/artist/0000000000000000000000', 'Artist Not Found'],
      ['/artist/%3Cscript%3E', 'Artist Not Found'],
      ['/playlist/0000000000000000000000', 'Playlist Not Found'],
      ['/playlist/zzz', 'Playlist Not Found'],
      ['/user/nobody-at-all', 'User Not Found'],
    ];
    // A first 404 from users/{id} could mean the endpoint is gone (development mode);
    // once a real user has loaded, a 404 means that user is not there.
    await page.goto('/user/aarav.sharma');
    await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
    for (const [path, message] of cases) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: message })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')}$`));
    }
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).not.toBeNull();
  });

  test('a picture that fails to load is replaced by the default image', async ({ page, signIn, sandbox }) => {
    await signIn(page);
    const album = await aLongAlbum(page, sandbox.url);
    await sandbox.addFault({ match: { method: 'GET', path: `^/img/album/${album.id}` }, status: 404 });
    await page.goto(`/album/${album.id}`);
    const cover = page.locator('.detail-header__cover');
    await expect(cover).toHaveAttribute('src', '/images/default-song.svg');
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });
});

test('saving an album flips Save to Saved only on the provider’s answer and stays after a reload', async ({ page, signIn, sandbox }) => {
  await signIn(page);
  const album = await aLongAlbum(page, sandbox.url);
  await page.goto(`/album/${album.id}`);
  const button = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
  await expect(button).toBeEnabled();
  const wasSaved = (await button.getAttribute('aria-pressed')) === 'true';
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(!wasSaved));
  await page.reload();
  await expect(button).toHaveAttribute('aria-pressed', String(!wasSaved));
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(wasSaved));
});

test("a track row's More menu opens (button, or a long press on touch screens) and takes the user to the track's artist", async ({ page, signIn, sandboxUrl }, testInfo) => {
  await signIn(page);
  const album = await aLongAlbum(page, sandboxUrl);
  await page.goto(`/album/${album.id}`);
  const row = page.getByRole('list', { name: `Tracks of ${album.name}` }).getByRole('listitem').first();
  const name = (await row.locator('.track-row__title').textContent())!;
  const menu = page.getByRole('menu', { name: `Options for ${name}` });
  if (isNarrow(testInfo)) {
    // A finger resting on the row: the menu opens as a sheet and nothing starts playing.
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
  await shot(page, testInfo, 'track-menu');
  await expect(page.locator('.player-card')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/artist/${album.artists[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: album.artists[0]!.name })).toBeVisible();
});
