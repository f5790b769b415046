import type { Page, TestInfo } from '@playwright/test';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { expect, test, type SandboxControl, type SignIn } from './fixtures';
import { saveScreen } from './helpers/screens';
import { expectToastShown, toastsShown } from './helpers/toasts';
import { reactCameUntouched, watchScripts } from './helpers/untouched';
import { switchInApp } from './helpers/in-app';
import { signInThroughProvider } from './helpers/sign-in';
import { card, expectSound, provider, startPlaying } from './player-kit';

// Offline and flaky networks (SPEC §1, §8): the installed app opened offline shows the
// shell and a visited page from the service worker's cache, or the offline shell for a page
// never visited, says 'Internet Connection Problem', and recovers by itself when the network
// returns; a save whose request fails is neither lost silently nor applied twice: the flag
// stays what the provider holds and the user is told.

// Offline, the worker's and the page's tries at the network fail; the client logs them.
test.use({ serviceWorkers: 'allow' });
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch|Failed to load resource|request failed|offline|network/i;
test.use({ allowErrors: OFFLINE_ERRORS });

interface Named {
  id: string;
  name: string;
}

const mainNavigation = (page: Page, testInfo: TestInfo) => page.getByRole('navigation', { name: testInfo.project.name === 'mobile' ? 'Bottom' : 'Main' });
const noConnectionScreen = (page: Page) => page.locator('#content').getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Internet Connection Problem' }) });
/** The path of every request in the page's caches (the worker's precache and its page cache). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
const isSaved = async (page: Page, sandboxUrl: string, id: string) => (await providerGet<boolean[]>(page, sandboxUrl, `me/albums/contains?ids=${id}`))[0];
/** An album of the catalogue the guest has not saved. */
async function anUnsavedAlbum(page: Page, sandboxUrl: string): Promise<Named> {
  for (const candidate of await searchCatalogue<Named>(page, sandboxUrl, 'album')) if (!(await isSaved(page, sandboxUrl, candidate.id))) return candidate;
  throw new Error('no album the guest has not saved');
}

test('offline: the cached page and the toast, recovery by itself, and a failed save neither lost nor doubled', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, context }) => {
  // On the desktop alone (@viewport-free): the worker, the client and the toggle rule are the same on both viewports.
  await signIn(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const album = await anUnsavedAlbum(page, sandbox.url);
  const heading = page.getByRole('heading', { level: 1, name: album.name });
  const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });

  // Visited while the worker is in control, so its page is in the cache.
  await page.goto(`/album/${album.id}`);
  await expect(heading).toBeVisible();
  await expect(save).toHaveAccessibleName(/^Save /);

  // Offline, a save cannot reach the provider: the flag stays, the user is told.
  await context.setOffline(true);
  await save.click();
  await expectToastShown(page, 'Internet Connection Problem');
  await expect(save).toHaveAccessibleName(/^Save /);
  await expect(save).toBeEnabled();

  // Opened offline: the page, rendered with its content, comes from the worker's cache as it
  // was last visited, and the user is told there is no connection.
  await page.reload();
  await expect(page.locator('nav').first()).toBeVisible();
  await expectToastShown(page, 'Internet Connection Problem');
  await expect(heading).toBeVisible();

  // The network returns: the page loads again, fresh, by itself.
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(save).toHaveAccessibleName(/^Save /);
  expect(await isSaved(page, sandbox.url, album.id)).toBe(false);

  // A save whose connection drops: not applied, the flag honest, the user told.
  await sandbox.addFault({ match: { method: 'PUT', path: '^/v1/me/albums' }, drop: true });
  await save.click();
  await expectToastShown(page, 'Internet Connection Problem');
  await expect(save).toHaveAccessibleName(/^Save /);
  expect(await isSaved(page, sandbox.url, album.id)).toBe(false);

  // Once the provider answers, one click saves it, once.
  await sandbox.clearFaults();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toHaveAccessibleName(/^Saved /);
  expect(await isSaved(page, sandbox.url, album.id)).toBe(true);
  const saved = await providerGet<{ items: { album: Named }[] }>(page, sandbox.url, 'me/albums?limit=50');
  expect(saved.items.filter((item) => item.album.id === album.id)).toHaveLength(1);
  await sandbox.reset();
});

test.describe('the next user to sign in here', () => {
  // The free account's player is refused its device (premium only). The first user's page, its
  // cookie gone, may ask for a token before the next sign-in and be refused: the session ended.
  test.use({ allowErrors: new RegExp(`${OFFLINE_ERRORS.source}|HTTP 403: POST \\S+/sdk/v1/devices|HTTP 401: POST \\S+/session/token`, 'i') });

  test('meets nothing an earlier session left for offline use, though it ended with no sign-out: a new sign-in forgets it', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl, context, baseURL }) => {
    await signIn(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('/user/me');
    await expect.poll(() => cachedPaths(page)).toContain('/user/me');
    await page.evaluate(() => localStorage.setItem('left-by-the-last-user', '1'));
    // The session's cookie goes (it ran out): nobody signed out, so nothing was forgotten then.
    await context.clearCookies();
    await signInThroughProvider(page, baseURL!, sandboxUrl, 'free');
    await expect.poll(() => cachedPaths(page)).not.toContain('/user/me');
    expect(await page.evaluate(() => localStorage.getItem('left-by-the-last-user'))).toBeNull();
    // Offline, the next user's profile address is the offline shell, not the last user's page.
    await context.setOffline(true);
    await page.goto('/user/me');
    await expect(page.locator('#content').getByRole('heading', { name: 'Internet Connection Problem' })).toBeVisible();
    await context.setOffline(false);
  });
});

test('offline: an app route never visited opens in the shell at its own address, and loads by itself when the network returns', async ({ page, signIn, context }, testInfo) => {
  await signIn(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Neither this page nor any but home was visited: the worker has no copy of it, so the
  // browser's own error page would show; the worker answers with its offline shell instead.
  await context.setOffline(true);
  const scripts = watchScripts(page);
  await page.goto('/playlist/popular');
  expect(new URL(page.url()).pathname).toBe('/playlist/popular');
  await expect(mainNavigation(page, testInfo)).toBeVisible();
  await expect(noConnectionScreen(page)).toBeVisible();
  await expectToastShown(page, 'Internet Connection Problem');
  // The shell's HTML holds that toast: nothing wakes the shell's islands, so no React comes.
  expect(await reactCameUntouched(page, scripts), 'React came to the offline shell, untouched').toBe(false);
  await saveScreen(page, testInfo, 'offline-shell');

  // The network returns: the page loads the route it stands for, by itself.
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Popular Playlists' })).toBeVisible({ timeout: 15_000 });
  await expect(noConnectionScreen(page)).toHaveCount(0);

  // The shell is precached with the site's Content Security Policy, which it is served under;
  // signing in and the session's answers (its token) are in no cache.
  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline');
  const shellPolicy = await page.evaluate(async () => (await caches.match('/offline', { ignoreSearch: true }))?.headers.get('Content-Security-Policy'));
  expect(shellPolicy).toMatch(/script-src 'self' [^;]*'sha256-/);
  expect(shellPolicy).not.toContain('unsafe-inline');
  expect(cached).not.toContain('/session/token');
  expect(cached.filter((path) => /^\/(session|login|callback)(\/|$)/.test(path))).toEqual([]);
});

test.describe('signed out, then in again', () => {
  // Its sign-out ends the session: a session of its own, not the one the other tests share.
  test.use({ ownSession: true });

  test("offline: an app page opened while signed out (sent to /auth) opens in the shell once signed in again, not as the landing page", { tag: '@viewport-free' }, async ({ page, signIn, context }) => {
    // On the desktop alone (@viewport-free): the worker's rules are the same on every screen.
    await signIn(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: 'LogOut' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    // A bookmark opened signed out: the site sends it to /auth, and the worker keeps no redirect.
    await page.goto('/collection');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await page.evaluate(async () => {
      const kept: string[] = [];
      for (const name of await caches.keys()) for (const response of await Promise.all((await (await caches.open(name)).keys()).map((request) => caches.match(request)))) if (response && response.status !== 200) kept.push(`${response.url} ${response.type} ${response.status}`);
      return kept;
    })).toEqual([]);

    await signIn(page);
    await context.setOffline(true);
    await page.goto('/collection');
    expect(new URL(page.url()).pathname).toBe('/collection');
    await expect(noConnectionScreen(page)).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('signed out', () => {
  // Its sign-out ends the session: a session of its own, not the one the other tests share.
  test.use({ ownSession: true });

  test('offline, an app address is what the site gives a visitor, the landing page, not the shell with its LogOut', { tag: '@viewport-free' }, async ({ page, signIn, context }) => {
    // On the desktop alone (@viewport-free): the worker's rules are the same on every screen.
    await signIn(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('/collection');
    await page.getByRole('button', { name: 'LogOut' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    // The worker kept the landing page as the site answered it (it says nobody is signed in now).
    await expect.poll(() => cachedPaths(page)).toContain('/auth');

    await context.setOffline(true);
    await page.goto('/collection');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Music for every moment, all in one place.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'LogOut' })).toHaveCount(0);
    await expect(noConnectionScreen(page)).toHaveCount(0);
    await context.setOffline(false);
  });

  test("a session that ended with no LogOut leaves none of the user's pages kept: the worker forgets them once the site answers the landing page", { tag: '@viewport-free' }, async ({ page, signIn, context }) => {
    await signIn(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // A page kept whole by the worker, and one the client router showed, kept by the page.
    const shellStarted = page.waitForResponse((response) => new URL(response.url()).pathname === '/session/token');
    await page.goto('/collection');
    await shellStarted;
    await switchInApp(page, '/playlist/popular');
    await expect.poll(() => cachedPaths(page)).toEqual(expect.arrayContaining(['/collection', '/playlist/popular']));

    // The session's cookie goes (it ran out): nobody signed out, so the page forgot nothing. The
    // next app page the site sends to /auth.
    await context.clearCookies();
    await page.goto('/collection');
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect.poll(() => cachedPaths(page)).not.toContain('/collection');
    expect(await cachedPaths(page)).not.toContain('/playlist/popular');
    expect(await cachedPaths(page)).toEqual(expect.arrayContaining(['/auth', '/offline']));
  });
});

test.describe('an address that is no page', () => {
  // Back online, the offline shell loads the address for real: the site's 404, which the browser reports.
  test.use({ allowErrors: new RegExp(`${OFFLINE_ERRORS.source}|HTTP 404: GET \\S+/nope/xyz|status of 404`, 'i') });

  test("offline, an address that is no page says what the site's 404 says, not that it was never opened here; back online, it is the site's own 404", { tag: '@viewport-free' }, async ({ page, signIn, context }) => {
    // On the desktop alone (@viewport-free): the worker's rules are the same on every screen.
    await signIn(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto('/nope/xyz');
    expect(new URL(page.url()).pathname).toBe('/nope/xyz');
    await expect(page.locator('#content').getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.locator('#content').getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page.locator('#content').getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    await expect(noConnectionScreen(page)).toHaveCount(0);
    expect(await page.title()).toBe('Page Not Found | My Music');
    // The shell loads the page by itself once the network returns (it loaded it whether or not the
    // test waited, and the site's 404 answer then came after the test had ended).
    await context.setOffline(false);
    await expect(page.locator('main.not-found').getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});

test('offline: a page reached in the app opens as it was shown, in the shell, and loads by itself when the network returns', async ({ page, signIn, context }, testInfo) => {
  await signIn(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Reached by the client router (a fetch, not a navigation): the worker never saw the page.
  // The shell's script, which keeps each page the router shows, starts after the first paint;
  // it asks for the page's token as it starts, so that answer says it is there.
  const shellStarted = page.waitForResponse((response) => new URL(response.url()).pathname === '/session/token');
  await page.goto('/notification');
  await shellStarted;
  await switchInApp(page, '/playlist/popular');
  const heading = page.getByRole('heading', { level: 1, name: 'Popular Playlists' });
  await expect(heading).toBeVisible();
  const title = await page.title();
  // The page keeps it for the worker once the browser is idle.
  await expect.poll(() => page.evaluate(async (url) => Boolean(await (await caches.open('my-music-routed-pages')).match(url)), page.url())).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible();
  const card = page.locator('#content .card').first();
  await expect(card).toBeVisible();
  // Styled as it was: the page's stylesheets came with it (a tile's link has no underline).
  expect(await card.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('none');
  await expect(mainNavigation(page, testInfo)).toBeVisible();
  await expect(noConnectionScreen(page)).toHaveCount(0);
  await expectToastShown(page, 'Internet Connection Problem');
  expect(await page.title()).toBe(title);
  await saveScreen(page, testInfo, 'offline-routed-page');

  // The network returns: the page loads again, from the site, by itself.
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(heading).toBeVisible({ timeout: 15_000 });
});

test("a visited page the site does not answer for is the kept copy, says so, and does not tell its old failures again; a slow site is waited for", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, context }) => {
  // On the desktop alone (@viewport-free): the worker's rules are the same on both viewports.
  test.setTimeout(90_000);
  await signIn(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const album = await anUnsavedAlbum(page, sandbox.url);
  const heading = page.getByRole('heading', { level: 1, name: album.name });
  const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
  const keptCopy = () => page.evaluate(() => document.documentElement.hasAttribute('data-kept-copy'));

  // Visited while its Save flag could not be read: the page the worker keeps holds the server's toast.
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/(albums|library)/contains' }, status: 500, body: {}, times: 2 });
  const response = await page.goto(`/album/${album.id}`);
  expect(response?.status()).toBe(200);
  await expectToastShown(page, 'Internal Server Error');
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(async (url) => Boolean(await (await caches.open('my-music-pages')).match(url)), page.url())).toBe(true);
  await sandbox.clearFaults();

  // The site out of reach with the browser saying it is online (a captive network, the site
  // down): the worker serves the page it kept, and the page says there is no connection, where
  // it used to pass the old copy for the page, and told the old failure again.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }));
  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible();
  expect(await keptCopy()).toBe(true);
  await expectToastShown(page, 'Internet Connection Problem');
  expect(await toastsShown(page)).not.toContainEqual(expect.stringContaining('Internal Server Error'));

  // The site answers again: the page loads itself, fresh. (A reload the 'online' event starts can
  // still meet the worker's network down for a moment, and get the kept copy once more; the page
  // then asks the site every few seconds and loads itself again.)
  await context.setOffline(false);
  await expect.poll(() => keptCopy().catch(() => true), { timeout: 15_000 }).toBe(false);
  await expect(heading).toBeVisible();

  // A slow site is waited for: its page comes, not the copy kept before the album was saved.
  await expect(save).toHaveAccessibleName(/^Save /);
  await save.click();
  await expect(save).toHaveAccessibleName(/^Saved /);
  await sandbox.addFault({ match: { method: 'GET', path: `^/v1/albums/${album.id}$` }, delayMs: 6_000, times: 1 });
  await page.reload();
  await expect(save).toHaveAccessibleName(/^Saved /);
  expect(await keptCopy()).toBe(false);
  expect(await sandbox.faultHits()).toEqual([1]);
  expect(await toastsShown(page)).not.toContainEqual(expect.stringContaining('Internet Connection Problem'));
  await sandbox.reset();
});

/**
 * An album playing in the worker-controlled document, after a visit in the app to Popular Playlists
 * (kept for the worker: the router's copy) and back: `sameDocument` says whether the document that
 * plays is still the one on screen (a whole load would end it, and the music with it).
 */
async function playingWithRoutedCopy(page: Page, sandbox: SandboxControl, signIn: SignIn) {
  const album = await startPlaying(page, sandbox, signIn);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expectSound(page);
  await switchInApp(page, '/playlist/popular');
  const popular = page.getByRole('heading', { level: 1, name: 'Popular Playlists' });
  await expect(popular).toBeVisible();
  await expect.poll(() => page.evaluate(async (url) => Boolean(await (await caches.open('my-music-routed-pages')).match(url)), page.url())).toBe(true);
  await switchInApp(page, `/album/${album.id}`);
  await page.evaluate(() => Object.assign(window, { playingDocument: true }));
  return { album, popular, sameDocument: () => page.evaluate(() => 'playingDocument' in window) };
}

test('offline: the music plays on through a failed heart, a page opened in the app and the network coming back', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, context }) => {
  // On the desktop alone (@viewport-free): the router, the worker's caches and the player's document are the same on both viewports.
  const { album, popular, sameDocument } = await playingWithRoutedCopy(page, sandbox, signIn);

  // A change that finds no connection changes nothing on the page: told, and nothing loads again.
  await context.setOffline(true);
  const heart = page.locator('[aria-label^="Tracks of"] [data-track-id]').nth(1).getByRole('button', { name: /^(Save to|Remove from) Liked/ });
  await heart.click();
  await expectToastShown(page, 'Internet Connection Problem');
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  expect(await sameDocument()).toBe(true);
  await expect.poll(async () => (await provider(page, sandbox))?.is_playing).toBe(true);

  // A page opened in the app offline: the router shows the worker's copy (not a whole load), told.
  await context.setOffline(true);
  await switchInApp(page, '/playlist/popular');
  await expect(popular).toBeVisible();
  await expect(page.locator('html[data-kept-copy]')).toHaveCount(1);
  await expectToastShown(page, 'Internet Connection Problem');
  expect(await sameDocument()).toBe(true);
  await expect(card(page).getByText(album.tracks[0]!.name, { exact: true })).toBeVisible();

  // Back online, the page loads again from the site through the router, and the music goes on.
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/playlist/popular');
  await context.setOffline(false);
  await asked;
  await expect(page.locator('html[data-kept-copy]')).toHaveCount(0);
  await expect(popular).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await expectSound(page);
  await expect.poll(async () => (await provider(page, sandbox))?.is_playing).toBe(true);
});

test("the site out of reach with the browser online: a page opened in the app is the kept copy, swapped in with the music on, and loads again once the site answers", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, context, baseURL }) => {
  const { popular, sameDocument } = await playingWithRoutedCopy(page, sandbox, signIn);

  // The site stops answering (restarting for a deploy), and the browser says nothing: still online.
  const site = new URL(baseURL!).origin;
  const outOfReach = (url: URL) => url.origin === site && (url.pathname === '/playlist/popular' || url.pathname === '/sw.js');
  await context.route(outOfReach, (route) => route.abort('connectionrefused'));
  await switchInApp(page, '/playlist/popular');
  await expect(popular).toBeVisible();
  await expect(page.locator('html[data-kept-copy]')).toHaveCount(1);
  // Swapped in by the router: a whole load, to the worker's stand-in, would have ended the music.
  expect(await sameDocument()).toBe(true);
  await expectSound(page);

  // The site answers again: the page loads again from it, by itself, through the router.
  await context.unroute(outOfReach);
  await expect(page.locator('html[data-kept-copy]')).toHaveCount(0, { timeout: 15_000 });
  await expect(popular).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await expectSound(page);
});
