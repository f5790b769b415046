import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accessTokenOf } from './helpers/access-token';
import { searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';
import { FIRST_SCREEN_TILES } from '../../src/components/browse/Cover';
import { FIRST_SCREEN_WAIT_MS } from '../../src/components/shell/first-screen';
import { saveScreen } from './helpers/screens';
import { withoutJavaScript } from './helpers/without-javascript';
import { actOnPage, switchInApp } from './helpers/in-app';
import { checkSecurityHeaders, cspViolations, recordCspViolations } from './helpers/security-headers';
import { toastsShown } from './helpers/toasts';
import { reactCameUntouched, rendererOf, watchScripts, withNothingLoaded } from './helpers/untouched';
import { playerStatusLine, startPlaying, webApi } from './player-kit';

// Issue 27: every app route arrives as HTML with its content (it reads whole with JavaScript
// off), and its islands start from what the server rendered: the browser asks the provider for
// none of a page's first data.

interface RouteCheck {
  path: string;
  /** A heading the page's content shows. */
  shows: string | RegExp;
  /** Whether `shows` is plain text rather than a heading. */
  text?: boolean;
  /** Whether the first page of a list (cards, rows or tiles) is in the HTML too. */
  items?: boolean;
  /** The q the search box on screen shows (the wide top bar's, the narrow search page's own). */
  query?: string;
  /** The tab's title, where it names what the page shows (src/lib/page-title.ts). */
  title?: string;
}

/** A title naming a provider's entity: its name isolated (lib/bidi.ts). */
const named = (name: string, prefix = '') => `${prefix}\u2068${name}\u2069 | My Music`;

/** Every app route with content, with ids picked from the sandbox's catalogue. */
async function appRoutes(page: Page, sandboxUrl: string): Promise<RouteCheck[]> {
  const [album] = await searchCatalogue(page, sandboxUrl, 'album', 1);
  const [artist] = await searchCatalogue(page, sandboxUrl, 'artist', 1);
  const [playlist] = await searchCatalogue(page, sandboxUrl, 'playlist', 1);
  return [
    { path: '/', shows: 'Recent Played', items: true },
    { path: `/album/${album!.id}`, shows: album!.name, items: true, title: named(album!.name) },
    { path: `/artist/${artist!.id}`, shows: artist!.name, items: true, title: named(artist!.name) },
    { path: `/artist/${artist!.id}/albums`, shows: `Albums By ${artist!.name}`, items: true, title: named(artist!.name, 'Albums By ') },
    { path: `/artist/${artist!.id}/related-artists`, shows: `Fans Also like ${artist!.name}`, title: named(artist!.name, 'Fans Also like ') },
    { path: `/playlist/${playlist!.id}`, shows: playlist!.name, items: true, title: named(playlist!.name) },
    { path: '/user/aarav.sharma', shows: 'Aarav Sharma', items: true, title: named('Aarav Sharma') },
    { path: '/search', shows: 'Browse All', items: true },
    { path: '/search?q=Sol', shows: 'Songs', items: true, query: 'Sol' },
    { path: '/search/track/Sol', shows: /Songs/, items: true },
    { path: '/album/new-release', shows: 'New Release', items: true },
    { path: '/playlist/popular', shows: /./, items: true },
    { path: '/category/pop/playlists', shows: /./, items: true },
    { path: '/track/recent-played', shows: 'Recent Played', items: true },
    { path: '/user/me', shows: 'Top tracks this month', items: true },
    { path: '/user/me/top-tracks', shows: 'Top tracks this month', items: true },
    { path: '/user/me/top-artists', shows: 'Top artists this month', items: true },
    { path: '/user/me/following', shows: 'Your Following', items: true },
    { path: '/collection', shows: 'Your Library', items: true },
    { path: '/collection/tracks', shows: 'Liked Songs', items: true },
    { path: '/collection/albums', shows: 'Saved Albums', items: true },
    { path: '/user/me/saved-tracks', shows: 'Liked Songs', items: true },
    { path: '/user/me/saved-albums', shows: 'Saved Albums', items: true },
    { path: '/notification', shows: "We don't have any updates for you yet", text: true },
  ];
}

const ITEMS = '.card, .track-row, .category-tile';
/** A page's islands still waiting for the user. */
const WAITING_FOR_INPUT = '#content astro-island[ssr]';

/** What a route's content shows: its heading, or its text. */
const shown = (page: Page, route: RouteCheck) => {
  const content = page.locator('#content');
  return (route.text ? content.getByText(route.shows) : content.getByRole('heading', { name: route.shows })).first();
};

test('every app route reads whole with JavaScript off: its heading and the first page of its list are in the HTML', async ({ page, signIn, sandboxUrl, browser }, testInfo) => {
  // A walk through 24 routes: about 40 s on two busy cores, room for a busier one.
  test.setTimeout(180_000);
  await signIn(page, 'guest', { home: false });
  const routes = await appRoutes(page, sandboxUrl);
  const plain = await withoutJavaScript(browser, page, testInfo);
  // The pages are the same HTML on both viewports: the phone walks the four the issue shows.
  const walked = testInfo.project.name === 'mobile' ? [0, 1, 2, 8].map((index) => routes[index]!) : routes;
  try {
    for (const route of walked) {
      const response = await plain.goto(route.path);
      expect(response?.status(), route.path).toBe(200);
      const content = plain.locator('#content');
      await expect(shown(plain, route), route.path).toBeVisible();
      if (route.title) await expect(plain, route.path).toHaveTitle(route.title);
      if (route.items) expect(await content.locator(ITEMS).count(), `${route.path}: items in the HTML`).toBeGreaterThan(0);
      if (route.query !== undefined) await expect(plain.getByRole('searchbox', { name: 'Search' }), `${route.path}: the search box`).toHaveValue(route.query);
      if (route.path === '/') {
        // The tiles the first screen shows load with the page; a lazy one waits for layout (home's largest paint).
        const loading = await content.locator('section[aria-labelledby="recent-played"] img').evaluateAll((images) => images.map((image) => image.getAttribute('loading')));
        expect(loading.length, 'Recent Played tiles').toBeGreaterThan(FIRST_SCREEN_TILES);
        expect(loading, 'Recent Played tiles: eager, then lazy').toEqual(loading.map((_, index) => (index < FIRST_SCREEN_TILES ? 'eager' : 'lazy')));
      }
      // No skeleton shows: nothing waits for a script (a streamed part's own stays, hidden, before it).
      expect(await content.locator('[data-testid="skeleton-row"]:visible, .skeleton:visible').count(), `${route.path}: skeletons`).toBe(0);
    }
    // The pictures: home, album, artist and search on both viewports, JavaScript off.
    for (const [name, index] of [['home', 0], ['album', 1], ['artist', 2], ['search', 8]] as const) {
      await plain.goto(routes[index]!.path);
      await saveScreen(plain, testInfo, `no-js-${name}`);
    }
  } finally {
    await plain.context().close();
  }
});

test("with JavaScript off a list's Show more asks the server for one more page, as far as the browser's list would go; with JavaScript the list goes on by itself from the server's pages", { tag: '@viewport-free' }, async ({ page, signIn, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  const cards = (shown: Page) => shown.locator('#content .card:visible');
  const more = (shown: Page) => shown.getByRole('link', { name: 'Show more' });
  try {
    await plain.goto('/album/new-release');
    await expect(cards(plain)).toHaveCount(20);
    // Page after page, each address one page more: SPEC §4's cap ends it at the page at offset 80.
    for (const pages of [2, 3, 4, 5]) {
      await more(plain).click();
      await expect(plain).toHaveURL(new RegExp(`/album/new-release\\?pages=${pages}#list-page-${pages}$`));
      await expect(cards(plain)).toHaveCount(pages * 20);
    }
    await expect(more(plain)).toHaveCount(0);
    // The address asks for more than the list may show, or for nothing it can read: the cap, or the first page.
    await plain.goto('/album/new-release?pages=99');
    await expect(cards(plain)).toHaveCount(100);
    await plain.goto('/album/new-release?pages=two');
    await expect(cards(plain)).toHaveCount(20);
    await saveScreen(plain, testInfo, 'no-js-show-more');
    // A see-all list (its address's words kept), and a detail page's list: a playlist's tracks.
    await plain.goto('/search/album/a');
    await expect(cards(plain)).toHaveCount(20);
    await more(plain).click();
    await expect(plain).toHaveURL(/\/search\/album\/a\?pages=2#list-page-2$/);
    await expect(cards(plain)).toHaveCount(40);
    await plain.goto('/');
    await plain.locator('#content a[href^="/playlist/"]').first().click();
    await plain.waitForURL(/\/playlist\/\w+$/);
    const rows = plain.locator('#content .track-row:visible');
    await expect(rows.first()).toBeVisible();
    const first = await rows.count();
    await more(plain).click();
    await plain.waitForURL(/\/playlist\/\w+\?pages=2#list-page-2$/);
    await expect(rows.first()).toBeVisible();
    expect(await rows.count(), "the playlist's tracks with one more page").toBeGreaterThan(first);
  } finally {
    await plain.context().close();
  }
  // With JavaScript: no link, and the list adopts the server's two pages and asks for the third as its end shows.
  await page.goto('/album/new-release?pages=2');
  await expect(cards(page)).toHaveCount(40);
  await expect(more(page)).toBeHidden();
  await actOnPage(page);
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(60);
});

test("with JavaScript off the shell shows no control that only a script can run (history, theme, devices, Install App, the script's LogOut, the bottom sheet's button), and keeps what works: the search form, What's New, the navigation, a plain LogOut", async ({ page, signIn, browser, isMobile }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  const scriptOnly = isMobile ? ['More options'] : ['Go Back', 'Go Forward', 'Connect to a device', 'Switch to light theme', 'Install App'];
  try {
    await plain.goto('/search?q=Sol');
    for (const name of scriptOnly) await expect(plain.getByRole('button', { name, exact: true }), name).toBeHidden();
    // One LogOut shows, the plain form's, in either top bar.
    await expect(plain.getByRole('button', { name: 'LogOut', exact: true })).toHaveCount(1);
    await expect(plain.locator('form.plain-sign-out').getByRole('button', { name: 'LogOut', exact: true })).toBeVisible();
    // Nor the player, none of whose controls can run: the card stood over the page's corner with a Close that did not close.
    expect(await plain.locator('.player-card, .player-bar').count(), 'the player in the HTML').toBeGreaterThan(0);
    await expect(plain.getByRole('region', { name: 'Player' })).toBeHidden();
    await expect(plain.getByRole('button', { name: 'Clear search' })).toBeHidden();
    await expect(plain.getByRole('searchbox', { name: 'Search' })).toHaveValue('Sol');
    await expect(plain.getByRole('link', { name: "What's New" })).toBeVisible();
    await expect(plain.getByRole('link', { name: /^(Your Library|Search)$/ }).first()).toBeVisible();
    await saveScreen(plain, testInfo, 'no-js-shell');
    // Now Playing shows what plays, and none of the controls a script would run.
    await plain.goto('/player');
    await expect(plain.getByRole('heading', { name: 'Now Playing', level: 1 })).toBeVisible();
    await expect(plain.locator('#content').getByRole('button', { name: /^(Play|Pause|Shuffle|Next|Previous|Devices|Queue|Close)$/ })).toHaveCount(0);
    await expect(plain.locator('#content').getByRole('slider')).toHaveCount(0);
  } finally {
    await plain.context().close();
  }
  // With JavaScript they are there, before their island has hydrated too, and the plain LogOut is not.
  await page.goto('/search?q=Sol');
  for (const name of scriptOnly) await expect(page.getByRole('button', { name, exact: true }), name).toBeVisible();
  await expect(page.locator('form.plain-sign-out:visible')).toHaveCount(0);
});

test.describe('LogOut with JavaScript off', () => {
  // It ends the session: one of its own, not the worker's.
  test.use({ ownSession: true });

  test('the plain LogOut ends the session on the server and opens /auth; the app then sends to /auth', async ({ page, signIn, browser }, testInfo) => {
    await signIn(page, 'guest', { home: false });
    const plain = await withoutJavaScript(browser, page, testInfo);
    try {
      await plain.goto('/collection');
      await plain.getByRole('button', { name: 'LogOut', exact: true }).click();
      await plain.waitForURL(/\/auth$/);
      await expect(plain.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
      await plain.goto('/collection');
      await expect(plain).toHaveURL(/\/auth$/);
    } finally {
      await plain.context().close();
    }
    // The session is gone on the server, for the tab that shared its cookie too.
    await page.goto('/collection');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('home streams: with the provider slow, the shell and the skeletons of the sections show first, and the sections replace them (JavaScript off too)', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  // The signed-in tab asks for recent plays too (the player's catch-up): it leaves the app first.
  await page.goto('about:blank');
  // Long enough for a busy machine's checks below to run while the call is held. Home's own call
  // (50 plays): the player card's read of the last play (1) came first at times and took the delay.
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/player/recently-played\\?limit=50$' }, delayMs: 5_000, times: 1 });
  try {
    const response = await plain.goto('/', { waitUntil: 'commit' });
    expect(response?.status()).toBe(200);
    const skeleton = plain.locator('.streamed__skeleton');
    // The provider still holds Recent Played: the shell and the skeletons are there, no track yet.
    await expect(skeleton).toBeVisible();
    await expect(plain.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(skeleton.getByRole('heading', { name: 'Tranding Songs' })).toBeVisible();
    expect(await plain.locator('[data-track-id]').count()).toBe(0);
    await saveScreen(plain, testInfo, 'home-streaming');
    // Then the sections come, in the same response, and the skeletons hide.
    await expect(plain.getByRole('list', { name: 'Tranding Songs: Hindi' }).locator('[data-track-id]').first()).toBeVisible();
    await expect(skeleton).toBeHidden();
    await expect(plain.getByRole('heading', { name: 'Recent Played' })).toHaveCount(1);
    expect(await sandbox.faultHits()).toEqual([1]);
  } finally {
    await plain.context().close();
  }
});

/** Where the streamed part begins in a page's HTML: right after its skeleton's element closes. */
function streamedPartStart(html: string): number {
  const skeleton = html.indexOf('<div class="streamed__skeleton">');
  expect(skeleton).toBeGreaterThan(0);
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = skeleton;
  for (let depth = 0, tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  throw new Error('The skeleton never closes');
}

test("a streamed part hides its skeleton as soon as it begins, not once it has been parsed to its end: the page never shows both and the content never jumps up (JavaScript off)", { tag: '@viewport-free' }, async ({ page, signIn, baseURL, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  // Home's real HTML, served again by a server of the test's own as the site streams it (the
  // shell and the skeleton, then the part), holding the rest of the part back once it has
  // begun: a phone's parser meets a large part so, a frame at a time. The styles come from
  // the site (a <base> in the head).
  const html = (await (await page.request.get('/')).text()).replace('<head>', `<head><base href="${baseURL}/">`);
  const part = streamedPartStart(html);
  const firstSection = html.indexOf('</section>', part) + '</section>'.length;
  const next: (() => void)[] = [];
  const stage = () => new Promise<void>((resolve) => next.push(resolve));
  const [partComes, restComes] = [stage(), stage()];
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(html.slice(0, part));
    void partComes.then(() => response.write(html.slice(part, firstSection)));
    void restComes.then(() => response.end(html.slice(firstSection)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const plain = await withoutJavaScript(browser, page, testInfo);
  try {
    await plain.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { waitUntil: 'commit' });
    const skeleton = plain.locator('.streamed__skeleton');
    await expect(skeleton).toBeVisible();
    next[0]!();
    // The part's first section is in, the rest held: the skeleton is gone, and the section stands where it will stay.
    const recent = plain.locator('.streamed__content').getByRole('heading', { name: 'Recent Played' });
    await expect(recent).toBeVisible();
    await expect(skeleton).toBeHidden();
    const top = async () => (await recent.boundingBox())?.y ?? Number.NaN;
    const whileHeld = await top();
    next[1]!();
    await expect(plain.getByRole('heading', { name: 'New Release' })).toBeVisible();
    expect(await top()).toBe(whileHeld);
  } finally {
    for (const release of next) release();
    await plain.context().close();
    server.close();
  }
});

test('artist, album and playlist pages stream when their lists are slow: the header (and status) with the first bytes, the list after; with JavaScript the page keeps one copy', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const [artist] = await searchCatalogue(page, sandbox.url, 'artist', 1);
  const [album] = await searchCatalogue(page, sandbox.url, 'album', 1);
  const playlists = await searchCatalogue<{ id: string; name: string; tracks: { total: number } }>(page, sandbox.url, 'playlist', 20);
  const playlist = playlists.find((one) => one.tracks.total > 0)!;
  // Each page's list (the call whose answer its hearts wait for), its header's button, and the list as shown.
  const pages = [
    { name: 'artist', path: `/artist/${artist!.id}`, held: `^/v1/artists/${artist!.id}/top-tracks`, heading: artist!.name, button: /^(Follow|Following) /, list: `Popular tracks of ${artist!.name}` },
    { name: 'album', path: `/album/${album!.id}`, held: `^/v1/albums/${album!.id}/tracks`, heading: album!.name, button: /^(Save|Saved) /, list: `Tracks of ${album!.name}` },
    // The playlist's header has no button of its own for the guest: its cover, whose preview is a script's (hidden here), shows.
    { name: 'playlist', path: `/playlist/${playlist.id}`, held: `^/v1/playlists/${playlist.id}/(tracks|items)`, heading: playlist.name, button: null, list: `Tracks of ${playlist.name}` },
  ];
  const plain = await withoutJavaScript(browser, page, testInfo);
  await page.goto('about:blank');
  // The three pages load side by side, so their lists are held at once. Long enough for a busy
  // machine's checks below to run while the calls are held.
  await sandbox.addFault(pages.map((one) => ({ match: { method: 'GET', path: one.held }, delayMs: 5_000, times: 1 })));
  try {
    const tabs = await Promise.all(pages.map(() => plain.context().newPage()));
    const responses = await Promise.all(pages.map((one, index) => tabs[index]!.goto(one.path, { waitUntil: 'commit' })));
    for (const [index, one] of pages.entries()) {
      const tab = tabs[index]!;
      expect(responses[index]?.status(), one.path).toBe(200);
      // The provider still holds the list: the header is there, skeletons below it, no track yet.
      await expect(tab.getByRole('heading', { level: 1, name: one.heading }), one.path).toBeVisible();
      if (one.button) await expect(tab.locator('.detail-header').getByRole('button', { name: one.button }), one.path).toBeVisible();
      await expect(tab.locator('.detail-header .detail-header__cover'), one.path).toBeVisible();
      await expect(tab.locator('[data-testid="skeleton-row"]:visible').first(), one.path).toBeVisible();
      // The phone's navigation came with the first bytes too (shown on narrow screens only).
      expect(await tab.locator('nav.bottom-nav').count(), one.path).toBe(1);
      expect(await tab.locator('[data-track-id]').count(), one.path).toBe(0);
      await saveScreen(tab, testInfo, `${one.name}-streaming`);
    }
    // Then each list comes, in the same response, and the skeletons hide.
    for (const [index, one] of pages.entries()) {
      const tab = tabs[index]!;
      await expect(tab.getByRole('list', { name: one.list }).locator('[data-track-id]').first(), one.path).toBeVisible();
      await expect(tab.locator('[data-testid="skeleton-row"]:visible'), one.path).toHaveCount(0);
      await expect(tab.getByRole('heading', { level: 1 }), one.path).toHaveCount(1);
    }
    expect(await sandbox.faultHits()).toEqual([1, 1, 1]);
  } finally {
    await plain.context().close();
  }
  // With JavaScript the header's copy that stood in leaves once the page is parsed.
  const [artistPage] = pages;
  await sandbox.addFault({ match: { method: 'GET', path: artistPage!.held }, delayMs: 1_000, times: 1 });
  await page.goto(artistPage!.path);
  await expect(page.getByRole('list', { name: artistPage!.list }).locator('[data-track-id]').first()).toBeVisible();
  await expect(page.locator('.detail-header')).toHaveCount(1);
  await expect(page.locator('.streamed__skeleton')).toHaveCount(0);
  await expect(page.locator('.detail-header').getByRole('button', { name: artistPage!.button! })).toBeEnabled();
});

test("the own profile and a user's page stream when a section is slow: the header (and status) with the first bytes, skeletons where the sections come, then the sections", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  // Each page's slow section, and what shows of the page once everything came.
  const pages = [
    { name: 'profile', path: '/user/me', held: '^/v1/me/top/artists', heading: /\S/, section: 'Top artists this month', shown: '.card-row a.card' },
    { name: 'user', path: '/user/aarav.sharma', held: '^/v1/users/aarav\\.sharma/playlists', heading: 'Aarav Sharma', section: 'Public Playlists', shown: '.card-grid a.card' },
  ];
  const plain = await withoutJavaScript(browser, page, testInfo);
  await page.goto('about:blank');
  // Long enough for a busy machine's checks below to run while the calls are held.
  const HELD_MS = 8_000;
  await sandbox.addFault(pages.map((one) => ({ match: { method: 'GET', path: one.held }, delayMs: HELD_MS, times: 1 })));
  try {
    const tabs = await Promise.all(pages.map(() => plain.context().newPage()));
    const askedAt = Date.now();
    const responses = await Promise.all(pages.map((one, index) => tabs[index]!.goto(one.path, { waitUntil: 'commit' })));
    for (const [index, one] of pages.entries()) {
      const tab = tabs[index]!;
      expect(responses[index]?.status(), one.path).toBe(200);
      // The provider still holds the section: the header is there, skeletons below it.
      await expect(tab.locator('.detail-header').getByRole('heading', { level: 1, name: one.heading }), one.path).toBeVisible();
      await expect(tab.locator('[data-testid="skeleton-card"]:visible, [data-testid="skeleton-row"]:visible').first(), one.path).toBeVisible();
      expect(await tab.locator(one.shown).count(), one.path).toBe(0);
      await saveScreen(tab, testInfo, `${one.name}-streaming`);
    }
    // All of it well before the held call's answer.
    expect(Date.now() - askedAt).toBeLessThan(HELD_MS - 2_000);
    // Then the sections come, in the same response, and the skeletons hide.
    for (const [index, one] of pages.entries()) {
      const tab = tabs[index]!;
      await expect(tab.getByRole('heading', { level: 2, name: one.section }), one.path).toBeVisible({ timeout: HELD_MS + 5_000 });
      await expect(tab.locator(one.shown).first(), one.path).toBeVisible();
      await expect(tab.locator('[data-testid="skeleton-card"]:visible, [data-testid="skeleton-row"]:visible'), one.path).toHaveCount(0);
      await expect(tab.getByRole('heading', { level: 1 }), one.path).toHaveCount(1);
    }
    expect(await sandbox.faultHits()).toEqual([1, 1]);
  } finally {
    await plain.context().close();
  }
});

test('search results stream: the shell and the box with q first, the results after (JavaScript off)', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  await page.goto('about:blank');
  // Long enough for a busy machine's checks below to run while the search is held.
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/search\\?.*q=Sol' }, delayMs: 4_000, times: 1 });
  try {
    const response = await plain.goto('/search?q=Sol', { waitUntil: 'commit' });
    expect(response?.status()).toBe(200);
    // The provider still holds the search: the box shows q, skeleton rows below it, no track yet.
    await expect(plain.getByRole('searchbox', { name: 'Search' })).toHaveValue('Sol');
    await expect(plain.locator('.streamed__skeleton [data-testid="skeleton-row"]').first()).toBeVisible();
    expect(await plain.locator('[data-track-id]').count()).toBe(0);
    await saveScreen(plain, testInfo, 'search-streaming');
    // Then the results come, in the same response, and the skeleton hides.
    await expect(plain.getByRole('list', { name: 'Songs' }).locator('[data-track-id]').first()).toBeVisible();
    await expect(plain.locator('[data-testid="skeleton-row"]:visible')).toHaveCount(0);
    expect(await sandbox.faultHits()).toEqual([1]);

    // The box is a form: with JavaScript off, Enter asks the server for another q.
    await plain.getByRole('searchbox', { name: 'Search' }).fill('Moon');
    await plain.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await plain.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Moon');
    await expect(plain.getByRole('searchbox', { name: 'Search' })).toHaveValue('Moon');
    await expect(plain.getByRole('heading', { name: /^(Songs|Artist|Album|Playlist|No Search Result Found)$/ }).first()).toBeVisible();
  } finally {
    await plain.context().close();
  }
});

test("what home's streamed part met is told after it: SPEC §8's toast for a provider failure (JavaScript off)", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, browser }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const plain = await withoutJavaScript(browser, page, testInfo);
  await page.goto('about:blank');
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/(tracks|library)/contains$' }, status: 503, body: { error: { status: 503, message: 'Hearts are resting' } } });
  try {
    await plain.goto('/');
    // The hearts failed after the shell had left: the part tells it, once, after the sections.
    await expect(plain.locator('.streamed__content .server-toast')).toHaveText('Hearts are resting');
    await expect(plain.locator('.server-toast')).toHaveCount(1);
    await expect(plain.getByRole('list', { name: 'Tranding Songs: Hindi' }).locator('[data-track-id]').first()).toBeVisible();
  } finally {
    await plain.context().close();
  }
});

test("a rate limit home's streamed part met counts down in the top bar, as one the shell met does", { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  // The page's player asks for recent plays too: it leaves the app, so the server meets the refusals.
  await page.goto('about:blank');
  // Nothing loaded on any device: the server asks for the player card's last played track too,
  // beside home's Recent Played (quietly: the card's refusals say nothing). Each waits the first
  // refusal's second before its one retry, refused again; the page shows the second wait, long
  // enough to be on screen however slowly a busy machine loads the page (three seconds once ran
  // out before the top bar was looked at).
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/player$' }, status: 204 });
  const recentPlays = { method: 'GET', path: '^/v1/me/player/recently-played$' };
  await sandbox.addFault({ match: recentPlays, status: 429, headers: { 'Retry-After': '1' }, body: { error: { status: 429 } }, times: 2 });
  await sandbox.addFault({ match: recentPlays, status: 429, headers: { 'Retry-After': '60' }, body: { error: { status: 429 } }, times: 2 });
  await page.goto('/');
  await expect.poll(async () => (await sandbox.faultHits()).slice(1)).toEqual([2, 2]);
  await expect(page.locator('.streamed__content [data-limited-until]')).toHaveCount(1);
  const notice = page.getByRole('status').filter({ hasText: 'Slowed down' });
  await expect(notice).toBeVisible();
  // That it counts down to its end and goes is network-state.spec's; no toast as there (none shown at all).
  expect(await toastsShown(page)).toEqual([]);
});

/**
 * The provider calls the browser makes for a page's data, from now on: the player's own traffic
 * (this tab's device, its event stream, the playback) is not page data, nor is the heart of the
 * track the player shows (told apart once the player's answers are read).
 */
function recordPageData(page: Page, sandboxUrl: string): { asked: () => string[]; clear: () => void } {
  const asked: string[] = [];
  // The tracks the player caught up with (the account's playback, or its last played track).
  const playerTracks = new Set<string>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin !== sandboxUrl || !/^\/v1\/me\/player(\/recently-played)?$/.test(url.pathname) || response.status() !== 200) return;
    const body = (await response.json().catch(() => null)) as { item?: { id: string }; items?: { track: { id: string } }[] } | null;
    if (body?.item) playerTracks.add(body.item.id);
    for (const play of body?.items ?? []) playerTracks.add(play.track.id);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== sandboxUrl || !url.pathname.startsWith('/v1/') || /^\/v1\/(devices|events|me\/player)/.test(url.pathname)) return;
    asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return {
    asked: () => asked.filter((call) => !playerTracks.has(/^GET \/v1\/me\/tracks\/contains\?ids=([^&]+)$/.exec(call)?.[1] ?? '')),
    clear: () => {
      asked.length = 0;
    },
  };
}

test("no page asks the provider in the browser for its first data (the islands start from the server's seed, carried in a JSON block), and each carries the security headers and meets no CSP violation", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  // On the desktop alone (@viewport-free): the islands and their seeds are the same on both
  // viewports, and the headers are the server's. A CSP violation on a phone would also be a
  // console error, which fails any mobile test (the accessibility walk visits every route).
  // A walk through 25 routes: about 40 s on two busy cores, room for a busier one.
  test.setTimeout(180_000);
  await recordCspViolations(page);
  await signIn(page, 'guest', { home: false });
  // And the Now Playing view, whose heading names whatever plays: any heading shows it rendered.
  const routes: RouteCheck[] = [...(await appRoutes(page, sandboxUrl)), { path: '/player', shows: /./ }];
  const pageData = recordPageData(page, sandboxUrl);
  for (const route of routes) {
    pageData.clear();
    checkSecurityHeaders(await page.goto(route.path), route.path);
    await expect(shown(page, route)).toBeVisible();
    // The page's islands hydrated once the user acts (Astro drops `ssr` then), and a moment for what they would ask.
    await actOnPage(page);
    await expect(page.locator(WAITING_FOR_INPUT)).toHaveCount(0);
    // The seed came as a JSON block inside the island (carried-seed.tsx), not in its props attribute.
    const propsLengths = await page.locator('#content astro-island').evaluateAll((islands) => islands.map((island) => island.getAttribute('props')?.length ?? 0));
    expect(Math.max(0, ...propsLengths), `the largest island props attribute on ${route.path}`).toBeLessThan(200);
    await page.waitForTimeout(300);
    expect(pageData.asked(), route.path).toEqual([]);
    expect(await cspViolations(page), `CSP violations on ${route.path}`).toEqual([]);
  }
});

test("a page reached in the app asks the provider nothing in the browser for its first data either: its island adopts the server's seed", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  // The same 24 routes, one after the other by the client router (the search page's See all
  // came in-app from its search: leaving /search once made the see-all list ask its first page).
  test.setTimeout(180_000);
  await signIn(page, 'guest', { home: false });
  // Then from one album (artist, playlist) to another: the area the last page held is entered
  // for the new id as the swap announces it.
  const kinds = ['album', 'artist', 'playlist'] as const;
  const pairs = await Promise.all(kinds.map((kind) => searchCatalogue(page, sandboxUrl, kind, 2)));
  const routes: RouteCheck[] = [
    ...(await appRoutes(page, sandboxUrl)),
    ...pairs.flatMap((found, index) => found.map((item) => ({ path: `/${kinds[index]}/${item.id}`, shows: item.name, title: named(item.name) }))),
    // And home's Recent Played to its own page, as its See all goes.
    { path: '/', shows: 'Recent Played', items: true },
    { path: '/track/recent-played', shows: 'Recent Played', items: true },
  ];
  await page.goto('/notification');
  const pageData = recordPageData(page, sandboxUrl);
  for (const route of routes) {
    pageData.clear();
    await switchInApp(page, route.path);
    await expect(shown(page, route)).toBeVisible();
    // The client router takes the new page's title too.
    if (route.title) await expect(page, route.path).toHaveTitle(route.title);
    await expect(page.locator(WAITING_FOR_INPUT)).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(pageData.asked(), route.path).toEqual([]);
  }
});

test("home, reached in the app from a Recent Played page that was loaded whole and touched, asks the provider nothing in the browser", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/track/recent-played');
  await expect(page.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
  // Its island holds the home store: the store is still held as the route becomes home.
  await actOnPage(page);
  await expect(page.locator(WAITING_FOR_INPUT)).toHaveCount(0);
  const pageData = recordPageData(page, sandboxUrl);
  await switchInApp(page, '/');
  await expect(page.getByRole('heading', { name: 'New Release' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(pageData.asked()).toEqual([]);
});

test("a page the client router fetches holds only the places of the shell's persisted parts, and the ones on screen stay through the swap, back included", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/notification');
  await actOnPage(page);
  const persisted = page.locator('[data-astro-transition-persist]');
  // The five shell islands, the player card's place, the footer, the toasts' announcer, the dialogs' layer and the loading bar's place.
  await expect(persisted).toHaveCount(10);
  // The router's fetch (not a document): each persisted part is an empty place, the content's islands are whole.
  const fetched = await page.evaluate(async () => {
    const html = new DOMParser().parseFromString(await (await fetch('/collection')).text(), 'text/html');
    return {
      places: [...html.querySelectorAll('[data-astro-transition-persist]')].map((place) => `${place.localName} ${place.childElementCount}`),
      contentIslands: html.querySelectorAll('#content astro-island').length,
    };
  });
  expect(fetched.places).toEqual(Array.from({ length: 10 }, () => 'div 0'));
  expect(fetched.contentIslands).toBeGreaterThan(0);
  // In the app, the parts on screen are kept (the same elements), in and back.
  const marked = () => persisted.evaluateAll((parts) => parts.map((part) => `${part.getAttribute('data-astro-transition-persist')} ${part.localName} ${(part as Element & { kept?: boolean }).kept === true}`));
  await persisted.evaluateAll((parts) => parts.forEach((part) => Object.assign(part, { kept: true })));
  const before = await marked();
  expect(before.filter((part) => part.includes('astro-island')), 'the five shell islands').toHaveLength(5);
  await switchInApp(page, '/collection');
  await expect(page.getByRole('heading', { name: 'Your Library' })).toBeVisible();
  expect(await marked()).toEqual(before);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText("We don't have any updates for you yet")).toBeVisible();
  expect(await marked()).toEqual(before);
});

test("a cold load asks for no island's code before the page's first screen is in: React and the islands come after the load event", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue(page, sandboxUrl, 'album', 1);
  for (const path of ['/', `/album/${album!.id}`]) {
    await page.goto(path);
    await actOnPage(page);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const code = new Set(
        [...document.querySelectorAll('astro-island')]
          .flatMap((island) => [island.getAttribute('component-url'), island.getAttribute('renderer-url')])
          .filter((url): url is string => url !== null)
          .map((url) => new URL(url, location.href).href),
      );
      const asked = performance.getEntriesByType('resource').filter((entry) => code.has(entry.name));
      return { load: navigation.loadEventStart, asked: asked.map((entry) => ({ url: entry.name, at: entry.startTime })) };
    });
    expect(timing.asked.length, path).toBeGreaterThan(1);
    // The wait is bounded (FIRST_SCREEN_WAIT_MS from the first island): nothing may come before the sooner of the two.
    const earliest = Math.min(timing.load, FIRST_SCREEN_WAIT_MS);
    expect(timing.asked.filter((file) => file.at < earliest), `${path}: island code asked before the load event at ${Math.round(timing.load)} ms`).toEqual([]);
  }
});

test("the chunks the shell's script loads as the page starts are named in the head and asked for after the first frame, all at once: the page adds no preload of its own, and none is an island's code", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  // The time of the page's first frame: this callback runs in it, before the layout script's own.
  await page.addInitScript(() => requestAnimationFrame(() => ((window as { firstFrameAt?: number }).firstFrameAt = performance.now())));
  const response = await page.goto('/');
  const head = (await response!.text()).split('</head>')[0]!;
  // No links: they would be fetched with the first bytes, beside the style sheets and covers.
  expect(head).not.toContain('rel="modulepreload"');
  const named = (await page.locator('meta[name="my-music-shell-code"]').getAttribute('content'))!.split(' ');
  // The shell's script itself, the shell and the player's start at least (scripts/lib/shell-chunks.mjs).
  expect(named.length).toBeGreaterThan(3);
  const script = (await page.locator('script[type="module"][src*="App.astro_astro_type_script"]').getAttribute('src'))!;
  expect(named).toContain(script);
  // Once the script has run (its imports and its import() calls), Vite's preload helper found every link there.
  // (its import() calls ask the helper as the script runs, before the load event).
  await page.waitForLoadState('load');
  // A file shows in the resource timing once its answer has come: the last named chunks may still
  // be on their way at the load event (they are asked after the first frame).
  await expect
    .poll(() => page.evaluate((hrefs) => hrefs.filter((href) => !performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === href)), named))
    .toEqual([]);
  const now = await page.evaluate(() => ({
    links: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    islands: [...document.querySelectorAll('astro-island')].flatMap((island) => [island.getAttribute('component-url'), island.getAttribute('renderer-url')]),
    loaded: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })).filter(({ path }) => path.endsWith('.js')),
    firstFrameAt: (window as { firstFrameAt?: number }).firstFrameAt,
  }));
  // (An island the player woke meanwhile asked for the shell islands' code, named apart below.)
  const islandCode = (await page.locator('meta[name="my-music-island-code"]').getAttribute('content'))!.split(' ');
  expect(islandCode.length).toBe(1);
  expect(now.links.filter((href) => !islandCode.includes(href)).sort()).toEqual([...named].sort());
  expect(named.filter((href) => now.islands.includes(href))).toEqual([]);
  expect(named.filter((href) => islandCode.includes(href))).toEqual([]);
  // Each is one the page loads; before the first frame, none but the page's scripts (the layout's,
  // the client router's) and what they import themselves.
  const headScripts = await page.locator('script[type="module"][src]').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src')!));
  const early = new Set(headScripts);
  for (const src of headScripts) {
    const text = await (await page.request.get(src)).text();
    for (const [, file] of text.matchAll(/import\s*(?:\{[^}]*\}\s*from\s*)?"\.\/([^"]+)"/g)) early.add(new URL(file!, new URL(src, page.url())).pathname);
  }
  expect(early).toContain(script);
  expect(named.filter((href) => !early.has(href)).length).toBeGreaterThan(3);
  expect(now.firstFrameAt).toBeGreaterThan(0);
  for (const href of named) {
    const loaded = now.loaded.find(({ path }) => path === href);
    expect(loaded, href).toBeDefined();
    if (!early.has(href)) expect(loaded!.at, `${href} asked before the first frame`).toBeGreaterThanOrEqual(now.firstFrameAt!);
  }
  // The shell islands' code (React, the shell's components) is asked for as the first island
  // starts, beside the island's own chunk, rather than found through its imports.
  await actOnPage(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator(`link[rel="modulepreload"][href="${islandCode[0]}"]`)).toHaveCount(1);
});

test("a click that lands before its island has hydrated is kept: the island hydrates, and the click plays the track", { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue(page, sandboxUrl, 'album', 1);
  // The album view's code comes late (a slow network): the click lands on the server's HTML.
  await page.route(/\/_astro\/AlbumView\.[\w-]+\.js$/, async (route) => {
    await new Promise((arrived) => setTimeout(arrived, 1500));
    await route.continue();
  });
  // A row that is not the account's current track, so only the click can make it current.
  const answer = await fetch(`${sandboxUrl}/v1/me/player`, { headers: { Authorization: `Bearer ${await accessTokenOf(page)}` } });
  const playing = answer.status === 200 ? (((await answer.json()) as { item?: { id?: string } }).item?.id ?? null) : null;
  await page.goto(`/album/${album!.id}`);
  const row = page.locator(`[aria-label^="Tracks of"] [data-track-id]:not([data-track-id="${playing ?? ''}"])`).first();
  const name = (await row.locator('.track-row__title').textContent())!;
  await row.getByRole('button', { name: `Play ${name}` }).click();
  // Still the server's HTML, and nothing has started: the click waits for the island.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(1);
  await expect(row).not.toHaveAttribute('aria-current', 'true');
  // The code comes, the island hydrates, and the same button gets the click.
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Player' }).getByText(name, { exact: true }).first()).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
});

test("a page nobody touches loads no React: the shell's islands and the player card stay the server's HTML, the card showing the last played track; the first input (Ctrl+K on a desktop) brings them to life", async ({ page, signIn, sandbox, sandboxUrl, isMobile }) => {
  await signIn(page, 'guest', { home: false });
  const { last: { name: last }, scripts } = await withNothingLoaded(page, sandbox, sandboxUrl);
  await page.goto('/notification');
  const player = page.getByRole('region', { name: 'Player' }).filter({ visible: true });
  await expect(player).toHaveCount(1);
  await expect(player.getByText(last, { exact: true }).first()).toBeVisible();
  // Past the first screen's wait, with the SDK's device connected: still nobody has acted.
  expect(await reactCameUntouched(page, scripts), 'React DOM came to a page nobody touched').toBe(false);
  expect(await page.locator('astro-island:not([ssr])').count(), 'an island hydrated with no input').toBe(0);

  if (isMobile) await actOnPage(page);
  else {
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(scripts).toContain(await rendererOf(page));
  // Hydrated from the same answer: the same track, with no mismatch (the fixture fails a test on React's hydration errors).
  await expect(player.getByText(last, { exact: true }).first()).toBeVisible();
});

test("the offline shell opened while the site answers (as the service worker fetches it to keep) asks the provider nothing, so nothing wakes its islands: no React", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  // A last played track: a catch-up would find it and wake the player card.
  await withNothingLoaded(page, sandbox, sandboxUrl);
  const scripts = watchScripts(page);
  await page.goto('/offline');
  await expect(page.locator('#content').getByRole('heading', { name: 'Internet Connection Problem' })).toBeVisible();
  expect(await reactCameUntouched(page, scripts), 'React came to the offline shell, untouched').toBe(false);
});

test("a list holding the player's track is marked in the server's HTML, so it stays the server's HTML: the recent plays, which hold the card's track, load no React", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  // The card is the last played track, paused, and so is its row in the list.
  const { last: { id: last }, scripts } = await withNothingLoaded(page, sandbox, sandboxUrl);
  await page.goto('/track/recent-played');
  const row = page.locator(`#content [data-track-id="${last}"]`).first();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toHaveClass(/track-row--current/);
  // Paused: its number, not the equaliser.
  await expect(row.locator('.equalizer')).toHaveCount(0);
  expect(await reactCameUntouched(page, scripts), 'React DOM came to a page nobody touched').toBe(false);
  await expect(page.locator(WAITING_FOR_INPUT)).toHaveCount(1);
  await expect(row).toHaveAttribute('aria-current', 'true');
  // SPEC §4 keeps a track's last occurrence in the list: its row may be further down.
  await row.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'recent-plays-marked-by-the-server');
});

test("a list the server marked wakes once the player shows otherwise: the album playing in another browser stays the server's HTML, and hydrates when the music pauses", { tag: '@viewport-free' }, async ({ page, browser, sandbox, signIn }) => {
  const album = await startPlaying(page, sandbox, signIn);
  const first = album.tracks[0]!.id;
  const other = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const second = await other.newPage();
    await signIn(second, 'guest', { home: false });
    await second.goto(`/album/${album.id}`);
    const row = second.locator(`#content [data-track-id="${first}"]`).first();
    // Marked as it plays (the equaliser) in the HTML; the card says where it plays.
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row.locator('.equalizer')).toHaveCount(1);
    await expect(playerStatusLine(second)).toHaveText('Playing on My Music');
    await second.waitForTimeout(FIRST_SCREEN_WAIT_MS);
    // The card woke (music elsewhere); the list did not: it shows the player as it is.
    await expect(second.locator(WAITING_FOR_INPUT)).toHaveCount(1);

    // Paused on the first browser: the second reads it again (every few seconds, as music elsewhere is), and the list hydrates to show it.
    await webApi(page, sandbox, 'PUT', 'me/player/pause');
    await expect(second.locator(WAITING_FOR_INPUT)).toHaveCount(0, { timeout: 15_000 });
    await expect(row.locator('.equalizer')).toHaveCount(0);
    await expect(row).toHaveAttribute('aria-current', 'true');
  } finally {
    await other.close();
  }
});

test("the browser's install offer enables Install App in the server's HTML without waking an island; its click hydrates the top bar and prompts", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  await page.goto('/notification');
  await page.waitForLoadState('load');
  const install = page.getByRole('banner').getByRole('button', { name: 'Install App' });
  await expect(install).toBeDisabled();
  // Chromium's offer, as it comes on a first visit (a test browser makes none of its own).
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(install).toBeEnabled();
  expect(await reactCameUntouched(page, scripts), 'the offer brought React DOM').toBe(false);
  expect(await page.locator('astro-island:not([ssr])').count(), 'the offer woke an island').toBe(0);

  await install.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(page.locator('.top-bar astro-island[ssr]')).toHaveCount(0);
  // Shown once: the offer is spent.
  await expect(install).toBeDisabled();
});

test("when the server could not read what plays in time, the page's card holds no answer, and the browser asks the provider itself, with no toast", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  // The server's read of the playback fails (quietly: it waits the client's retry delay, past the
  // card's bound, and tells nothing); the browser's own read succeeds.
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/player$' }, status: 503, times: 1 });
  const answered = page.waitForResponse((response) => response.url() === `${sandboxUrl}/v1/me/player` && response.request().method() === 'GET');
  await page.goto('/notification');
  expect(await page.locator('#playing-now').textContent()).toBe('null');
  expect((await answered).ok()).toBe(true);
  expect(await sandbox.faultHits()).toEqual([1]);
  expect(await toastsShown(page)).toEqual([]);
});
