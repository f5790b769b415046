import type { Cookie, Page } from '@playwright/test';
import { ROOT_MARKS_SCRIPT } from '../../src/layouts/head-scripts';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';
import { accessTokenOf, askTokenRoute } from './helpers/access-token';
import { logOut } from './helpers/sign-in';
import { thisWorkersStack } from './helpers/urls';

// The worker's own stack (fixtures.ts): these tests name some of its addresses in full.
const stack = thisWorkersStack();

// Signing in is what these tests are about: never a reused session.
test.use({ realSignIn: true });

// Sign-in and the pages around it (SPEC §2, §4, §6; DESIGN §2), on both projects. Signing in
// happens on the site's server (RFC 10017): /login, the provider, /callback, a server session.

/** The login attempt's cookie (src/server/login-attempt.ts): the PKCE verifier and state, while a sign-in is under way. */
const LOGIN_COOKIE = 'my-music-login';

/** The browser holds no session: the server hands it no token, and / still sends it to /auth. */
async function expectSignedOut(page: Page): Promise<void> {
  expect((await askTokenRoute(page, stack.siteUrl)).status(), 'POST /session/token for this browser').toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(`${stack.siteUrl}/auth`);
}

/** Every URL the tab's history keeps (back and forward), read through the DevTools protocol. */
async function historyUrls(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { entries } = (await session.send('Page.getNavigationHistory')) as { entries: { url: string }[] };
  await session.detach();
  return entries.map((entry) => entry.url);
}

/** No token, and no code that could still be exchanged, in any URL the history keeps. */
async function expectNoSecretInHistory(page: Page): Promise<void> {
  const urls = await historyUrls(page);
  expect(urls.length).toBeGreaterThan(1);
  for (const url of urls) expect(url, 'a URL kept in history').not.toMatch(/access_token|refresh_token|[?&#]code=/);
}

/**
 * Starts a sign-in as the guest and holds the provider's redirect back to /callback (routes
 * do not see redirects, so it is read off the sign-in form's answer): resolves to that
 * callback URL, not yet visited, and the login attempt's cookie as the browser holds it then.
 */
async function holdCallback(page: Page): Promise<{ callback: string; attempt: Cookie }> {
  let callback = '';
  await page.route(`${stack.sandboxUrl}/authorize`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    callback = answer.headers()['location'] ?? '';
    // An icon of its own: the held page would otherwise ask the sandbox for /favicon.ico (a 404).
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<link rel="icon" href="data:,"><p>held</p>' });
  });
  await page.goto('/auth');
  await page.locator('[data-login]').first().click();
  await page.waitForURL((url) => url.href.startsWith(`${stack.sandboxUrl}/authorize`));
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect.poll(() => callback).toContain('code=');
  await page.unroute(`${stack.sandboxUrl}/authorize`);
  const attempt = (await page.context().cookies(`${stack.siteUrl}/callback`)).find((cookie) => cookie.name === LOGIN_COOKIE);
  expect(attempt, 'the login attempt cookie /login set').toBeDefined();
  return { callback, attempt: attempt! };
}

test('a new visitor opening the app gets a redirect to /auth from the server; /auth needs no JavaScript but the theme script', async ({ page }, testInfo) => {
  // The first answer for / is the server's 302: no shell is ever sent to a visitor.
  const landing = await page.goto('/');
  await expect(page).toHaveURL(`${stack.siteUrl}/auth`);
  const first = landing!.request().redirectedFrom();
  expect(first?.url()).toBe(`${stack.siteUrl}/`);
  expect(first!.redirectedFrom(), 'the first request of the visit').toBeNull();
  const redirect = (await first!.response())!;
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()['location']).toBe('/auth');
  const direct = await page.request.get(`${stack.siteUrl}/`, { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(await direct.text(), 'the body of the redirect for /').toBe('');
  // Counted on a fresh load of /auth.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // SPEC §2's sections, in its order: hero, features, genre grid, create-and-share, showcase, plans, app download.
  const sections = await page.locator('main > section').evaluateAll((elements) => elements.map((section) => section.getAttribute('aria-labelledby')));
  expect(sections).toEqual(['hero-title', 'features-title', 'genres-title', 'create-title', 'showcase-title', 'plans-title', 'download-title']);
  for (const count of ['2.5M', '1.8M', '3.2M', '892K', '1.1M', '4.5M']) {
    await expect(page.getByText(`${count} tracks`)).toBeVisible();
  }
  const plans = page.locator('#plans');
  await expect(plans.getByText('$0')).toBeVisible();
  await expect(plans.getByText('forever')).toBeVisible();
  await expect(plans.getByText('$9.99')).toBeVisible();
  await expect(plans.getByText('$14.99')).toBeVisible();
  await expect(plans.getByText('Up to 6 accounts')).toBeVisible();
  await expect(page.locator('footer').getByText(`© ${new Date().getFullYear()} My Music`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts, 'no script file is loaded by /auth').toEqual([]);
  // The one script of the page is the inline theme script: no login script any more.
  const pageScripts = await page.locator('script').evaluateAll((elements) =>
    elements.map((element) => ({ src: element.getAttribute('src'), type: element.getAttribute('type'), text: element.textContent ?? '' })),
  );
  expect(pageScripts).toEqual([{ src: null, type: null, text: ROOT_MARKS_SCRIPT }]);
  // Signing in is a plain link to the server's /login.
  const logins = await page.locator('[data-login]').evaluateAll((elements) => elements.map((element) => `${element.tagName} ${element.getAttribute('href')}`));
  expect(logins.length).toBeGreaterThan(0);
  for (const login of logins) expect(login).toBe('A /login');
  // Every image is the site's own.
  const imageSources = await page.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(imageSources.every((source) => source.startsWith(new URL(page.url()).origin))).toBe(true);
  await saveScreen(page, testInfo, 'auth', { fullPage: true });
});

test('/auth reflows on a phone down to 320 px (WCAG 1.4.10): nothing runs past the window, every genre tile and its whole name inside it', async ({ page }, testInfo) => {
  for (const width of [320, 360, 375]) {
    await page.setViewportSize({ width, height: 568 });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Browse by genre' })).toBeVisible();
    // A phone widens its window to what the page lays out (innerWidth went to 327 at 320): both are asked.
    const widths = await page.evaluate(() => ({ window: window.innerWidth, page: document.documentElement.scrollWidth }));
    expect(widths, `at ${width} px`).toEqual({ window: width, page: width });
    const tiles = await page.locator('#genres li').evaluateAll((items) =>
      items.map((item) => {
        const tile = item.getBoundingClientRect();
        const name = item.querySelector('h3')!;
        const words = document.createRange();
        words.selectNodeContents(name);
        const lines = new Set([...words.getClientRects()].map((line) => Math.round(line.top))).size;
        return { name: name.textContent, lines, left: tile.left, right: tile.right, wordsLeft: words.getBoundingClientRect().left, wordsRight: words.getBoundingClientRect().right };
      }),
    );
    expect(tiles).toHaveLength(6);
    for (const tile of tiles) {
      const at = `at ${width} px, ${tile.name}'s`;
      expect(tile.left, `${at} tile`).toBeGreaterThanOrEqual(0);
      expect(tile.right, `${at} tile`).toBeLessThanOrEqual(width);
      expect(tile.wordsLeft, `${at} name, in its tile`).toBeGreaterThanOrEqual(tile.left);
      expect(tile.wordsRight, `${at} name, in its tile`).toBeLessThanOrEqual(tile.right);
      // Whole: a name broken in two ("Electroni" over "c") would fit, and read badly.
      expect(tile.lines, `${at} name, on one line`).toBe(1);
    }
  }
  await page.locator('#genres').scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'auth-375-genres');
  await page.setViewportSize({ width: 320, height: 568 });
  await page.locator('#genres').scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'auth-320-genres');
});

test('the guest signs in through the sandbox sign-in page and arrives on /, with no token in the browser\'s storage', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  const token = await accessTokenOf(page);
  expect(token).toBeTruthy();
  // The token lives in the server session and in the page's memory, nowhere in storage.
  const stored = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
  }));
  for (const [key] of stored.local) expect(['THEME_MODE_VALUE', 'DEVICE_ID'], 'a localStorage key').toContain(key);
  for (const [key, value] of [...stored.local, ...stored.session]) {
    expect(key).not.toMatch(/TOKEN|LOGGED_IN|PKCE/);
    expect(value, `the value of ${key}`).not.toContain(token!);
  }
  // The login attempt is used up (its cookie is gone), and no /callback?code=... is in history.
  const callbackCookies = await page.context().cookies(`${stack.siteUrl}/callback`);
  expect(callbackCookies.map((cookie) => cookie.name)).not.toContain(LOGIN_COOKIE);
  await expectNoSecretInHistory(page);
  // A signed-in user is sent away from /auth and /access_denied.
  await page.goto('/auth');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/access_denied');
  await page.waitForURL((url) => url.pathname === '/');
});

test('Deny on the sign-in page ends on /access_denied with the beta notice', { tag: '@viewport-free' }, async ({ page }, testInfo) => {
  await page.goto('/auth');
  await page.locator('[data-login]').first().click();
  await page.waitForURL((url) => url.href.startsWith(`${stack.sandboxUrl}/authorize`));
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL('**/access_denied**');
  await expect(page.getByText(/beta phase/)).toBeVisible();
  await expect(page.getByText(/Continue as guest/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@mymusic.test' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'issue tracker' })).toBeVisible();
  await expect(page.getByText('Thank you for your interest in My Music!')).toBeVisible();
  expect((await askTokenRoute(page, stack.siteUrl)).status(), 'no session after Deny').toBe(401);
  await saveScreen(page, testInfo, 'access-denied');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await page.waitForURL('**/auth');
});

test("/access_denied shows the provider's refusal of the account it was passed, and no other words a link may carry", async ({ page }) => {
  await page.goto('/access_denied?message=The%20user%20is%20not%20registered%20for%20this%20application');
  await expect(page.locator('[data-provider-message]')).toHaveText('The user is not registered for this application');
  // Anyone can write this address: words that are not the provider's refusal would pass for the site's own.
  await page.goto(`/access_denied?message=${encodeURIComponent('Your account is locked: it is not registered. Call +1 555 0100 to unlock it.')}`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.locator('[data-provider-message]')).toHaveCount(0);
  await expect(page.getByText(/Call \+1 555/)).toHaveCount(0);
});

test.describe('refused callbacks', { tag: '@viewport-free' }, () => {
  // The server's judgement of a callback: the same on every screen.
  // On the desktop alone (@viewport-free): server-side rules, the same on every viewport.

  test('a tampered state is refused: nothing is stored and the visitor ends on /auth', async ({ page }) => {
    const { callback } = await holdCallback(page);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state-0123456789');
    await page.goto(tampered.href);
    await expect(page).toHaveURL(`${stack.siteUrl}/auth`);
    await expectSignedOut(page);
    // The refusal was the state's: the untampered callback, with the attempt of this browser, signs in.
    await page.goto(callback);
    await expect(page).toHaveURL(`${stack.siteUrl}/`);
    expect(await accessTokenOf(page)).toBeTruthy();
  });

  test('a callback without a login attempt in this browser (no verifier) is refused', async ({ page }) => {
    await page.goto('/callback?code=stolen-code&state=any-state');
    await expect(page).toHaveURL(`${stack.siteUrl}/auth`);
    await expectSignedOut(page);
  });

  test('a replayed callback URL stores nothing and ends on /auth: after signing out, in a fresh browser, and with the old attempt planted', async ({ page, browser, isMobile }) => {
    const { callback, attempt } = await holdCallback(page);
    await page.goto(callback);
    await expect(page).toHaveURL(`${stack.siteUrl}/`);
    // Home's own start is over (the player stored its device): a LogOut during it left the SDK's
    // registration and its token request to fail against the ended session.
    await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
    await logOut(page, isMobile);
    // The same browser, signed out: its attempt was used up by the first visit.
    await page.goto(callback);
    await expect(page).toHaveURL(`${stack.siteUrl}/auth`);
    await expectSignedOut(page);
    // Another browser, without and then with the first browser's attempt cookie: with it, the
    // server exchanges the code a second time, and the provider refuses a used code.
    for (const cookies of [[], [attempt]]) {
      const fresh = await browser.newContext();
      try {
        await fresh.addCookies(cookies);
        const other = await fresh.newPage();
        await other.goto(callback);
        await expect(other).toHaveURL(`${stack.siteUrl}/auth`);
        await expectSignedOut(other);
        expect((await fresh.cookies(stack.siteUrl)).map((cookie) => cookie.name)).not.toContain('my-music-session');
      } finally {
        await fresh.close();
      }
    }
  });
});

test('/callback with neither code nor token goes to /auth after about a second', { tag: '@viewport-free' }, async ({ page }) => {
  const started = Date.now();
  await page.goto('/callback');
  await page.waitForURL('**/auth');
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
});

test('a token in the fragment is not accepted: /callback#access_token=… ends on /auth, signed out', { tag: '@viewport-free' }, async ({ page }) => {
  // The implicit grant's answer: a server never sees a fragment, and the provider removed that flow.
  await page.goto('/callback#access_token=fragment-token&token_type=Bearer&expires_in=3600');
  await page.waitForURL((url) => url.pathname === '/auth');
  await expectSignedOut(page);
});

test.describe('pages that answer errors', () => {
  // One pattern: Playwright reads a two-element array option as [value, options].
  test.use({ allowErrors: [/HTTP 404|status of 404/] });

  test('an unknown URL shows the 404 page with Go Back to /', async ({ page }, testInfo) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await saveScreen(page, testInfo, 'not-found');
    await page.getByRole('link', { name: 'Go Back' }).click();
    // Go Back leads to /, which sends this visitor on to /auth.
    await page.waitForURL('**/auth');
    // The server's error page, asked for by its address, is no page of the product's either.
    const asked = await page.goto('/500');
    expect(asked?.status()).toBe(404);
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  });
});
