import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEST_SANDBOX_URL } from './helpers/urls';

// Signing in is what these tests are about: never a reused session.
test.use({ realSignIn: true });

// Sign-in and the pages around it (SPEC §2, §4, §6; DESIGN §2), on both projects.

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `${testInfo.project.outputDir}/screens/${testInfo.project.name}-${name}.png`, fullPage: name === 'auth' });
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
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

test('a new visitor opening the app lands on /auth, which needs no JavaScript but its inline login script', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.waitForURL('**/auth');
  // Counted on a fresh load of /auth: the app page the visitor came from has its own scripts.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
  // The login script is src/lib/pkce.ts bundled at build time, inlined, under 2 KB.
  const loginScripts = await page.locator('script:not([src]):not([type])').evaluateAll((elements) =>
    elements.map((element) => element.textContent ?? '').filter((text) => text.includes('PKCE_VERIFIER')),
  );
  expect(loginScripts).toHaveLength(1);
  expect(new TextEncoder().encode(loginScripts[0]).length).toBeLessThan(2048);
  // Every image is the site's own.
  const imageSources = await page.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(imageSources.every((source) => source.startsWith(new URL(page.url()).origin))).toBe(true);
  await screenshot(page, testInfo, 'auth');
});

test('the guest signs in through the sandbox sign-in page and arrives on /', async ({ page, signIn }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toMatch(/^".+"$/);
  // The PKCE attempt is used up, and /callback?code=... was replaced in history.
  expect(await page.evaluate(() => [sessionStorage.getItem('PKCE_VERIFIER'), sessionStorage.getItem('PKCE_STATE')])).toEqual([null, null]);
  await expectNoSecretInHistory(page);
  // A signed-in user is sent away from /auth and /access_denied.
  await page.goto('/auth');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/access_denied');
  await page.waitForURL((url) => url.pathname === '/');
});

test('Deny on the sign-in page ends on /access_denied with the beta notice', async ({ page }, testInfo) => {
  await page.goto('/auth');
  await page.locator('[data-login]').first().click();
  await page.waitForURL((url) => url.href.startsWith(`${TEST_SANDBOX_URL}/authorize`));
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL('**/access_denied**');
  await expect(page.getByText(/beta phase/)).toBeVisible();
  await expect(page.getByText(/Continue as guest/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@mymusic.test' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'issue tracker' })).toBeVisible();
  await expect(page.getByText('Thank you for your interest in My Music!')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await screenshot(page, testInfo, 'access-denied');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await page.waitForURL('**/auth');
});

test('/access_denied shows the message the provider passed', async ({ page }) => {
  await page.goto('/access_denied?message=The%20user%20is%20not%20registered%20for%20this%20application');
  await expect(page.locator('[data-provider-message]')).toHaveText('The user is not registered for this application');
});

test.describe('refused callbacks', () => {
  test.use({ allowErrors: [/Login refused/] });

  test('a tampered state is refused: no token is stored and the visitor ends on /auth', async ({ page }) => {
    let callback = '';
    // Hold the provider's redirect back (routes do not see redirects, so read it off the
    // sign-in form's answer), then deliver it with another state.
    await page.route(`${TEST_SANDBOX_URL}/authorize`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch({ maxRedirects: 0 });
      callback = answer.headers()['location'] ?? '';
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>held</p>' });
    });
    await page.goto('/auth');
    await page.locator('[data-login]').first().click();
    await page.waitForURL((url) => url.href.startsWith(`${TEST_SANDBOX_URL}/authorize`));
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect.poll(() => callback).toContain('code=');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state-0123456789');
    await page.goto(tampered.href);
    await page.waitForURL('**/auth');
    expect(await storedToken(page)).toBeNull();
  });

  test('a callback without a login attempt in this tab (no verifier) is refused', async ({ page }) => {
    await page.goto('/callback?code=stolen-code&state=any-state');
    await page.waitForURL('**/auth');
    expect(await storedToken(page)).toBeNull();
  });
});

test('/callback with neither code nor token goes to /auth after about a second', async ({ page }) => {
  const started = Date.now();
  await page.goto('/callback');
  await page.waitForURL('**/auth');
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
});

test.describe('the implicit grant', () => {
  // The planted token is not the sandbox's: once home loads data it meets a 401.
  test.use({ allowErrors: /401|Session Expired|refresh|Invalid access token/i });

  test('/callback accepts an access token in the fragment', async ({ page }) => {
  // Home asks the provider at once, and its 401 would clear the token before we read it:
  // hold the provider's answers back for this test.
  await page.route('**/v1/**', () => undefined);
  await page.goto('/callback#access_token=fragment-token&token_type=Bearer&expires_in=3600');
  await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBe('"fragment-token"');
    await expectNoSecretInHistory(page);
  });
});

test.describe('pages that answer errors', () => {
  // One pattern: Playwright reads a two-element array option as [value, options].
  test.use({ allowErrors: [/HTTP 404|status of 404/] });

  test('an unknown URL shows the 404 page with Go Back to /', async ({ page }, testInfo) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await screenshot(page, testInfo, 'not-found');
    await page.getByRole('link', { name: 'Go Back' }).click();
    // Go Back leads to /, which sends this visitor on to /auth.
    await page.waitForURL('**/auth');
  });
});
