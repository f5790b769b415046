import type { Page } from '@playwright/test';
import { countProviderRequests, providerGet, searchCatalogue } from './helpers/catalogue';
import { expect, test, type SandboxControl } from './fixtures';
import { accessTokenOf } from './helpers/access-token';
import { followLink } from './helpers/in-app';

// SPEC §8's request-error table where users meet it: one test per row, each failure
// scripted through the sandbox's fault injection while a signed-in user is on an album
// page. Every test checks what the user sees and whether the session survived: whether the
// site's server still hands the page a token (POST /session/token answers 200, not 401).

interface CatalogueAlbum {
  id: string;
  name: string;
}

// Failed and refused requests are the point here; the client logs some of them too.
test.use({ allowErrors: /HTTP [45]\d\d|request failed|Failed to load resource|Token refresh failed|Could not|ERR_|offline/i });
// These refresh, clear and refuse sessions: each test signs in for itself.
test.use({ realSignIn: true });

const toasts = (page: Page) => page.locator('.toasts .toast');

/**
 * Writes every toast text the page shows into sessionStorage, which outlives a full
 * navigation to /auth (the landing page has no toast area of its own) and the app
 * clearing localStorage.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = (): string[] => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[];
    new MutationObserver(() => {
      const texts = [...document.querySelectorAll('.toasts .toast')].map((toast) => toast.textContent ?? '');
      const known = seen();
      const fresh = texts.filter((text) => !known.includes(text));
      if (fresh.length > 0) sessionStorage.setItem('e2e-toasts', JSON.stringify([...known, ...fresh]));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[]);
}

/** Signs in and picks two real albums of the catalogue. */
async function twoAlbums(page: Page, signIn: (page: Page) => Promise<void>, sandbox: SandboxControl): Promise<[CatalogueAlbum, CatalogueAlbum]> {
  await signIn(page);
  const albums = await searchCatalogue<CatalogueAlbum>(page, sandbox.url, 'album');
  return [albums[0]!, albums[1]!];
}

const albumPath = (album: CatalogueAlbum) => `^/v1/albums/${album.id}$`;

test.describe('SPEC §8 request errors on an album page', () => {
  // The catalogue is one mapper and one toast area on every screen size; each of these
  // holds the sandbox alone, so the phone-sized run would only double the wait.
  test.skip(({ isMobile }) => isMobile, 'the same code on every viewport; desktop proves each row');
  test('a time-out abort shows a toast with the error message and keeps the session', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    // The built site's time-out is SPEC's 30 s; the page's clock is moved past it instead of waiting.
    await page.clock.install();
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, delayMs: 45_000, times: 1 });
    await page.goto(`/album/${album.id}`);
    await expect(page.getByTestId('skeleton-row').first()).toBeVisible();
    await page.clock.fastForward(31_000);
    await expect(toasts(page).filter({ hasText: 'timeout of 30000ms exceeded' })).toBeVisible();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("a dropped connection shows 'Internet Connection Problem' and keeps the session", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    // Every try is dropped: Chromium itself resends a GET whose reused connection closed
    // unanswered, and the client retries a GET once, so a count of drops would be a guess.
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, drop: true });
    await page.goto(`/album/${album.id}`);
    await expect(toasts(page).filter({ hasText: 'Internet Connection Problem' })).toBeVisible();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("the browser set offline shows 'Internet Connection Problem' when the user saves, and keeps the session", async ({ page, signIn, sandbox, context }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await page.goto(`/album/${album.id}`);
    const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
    await expect(save).toBeEnabled();
    await context.setOffline(true);
    await save.click();
    await expect(toasts(page).filter({ hasText: 'Internet Connection Problem' })).toBeVisible();
    // Back online, the shell loads the page again, whole (shell-client.ts); the server still
    // serves it to this session, and hands the page a token.
    const reloaded = page.waitForEvent('load');
    await context.setOffline(false);
    await reloaded;
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
    await expect(save).toBeEnabled();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("a 401 the refresh cannot mend ends the session, clears storage, toasts 'Session Expired' and goes to /auth", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 401 });
    await sandbox.addFault({ match: { method: 'POST', path: '^/api/token$' }, status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } });
    const shownToasts = await recordToasts(page);
    await page.goto(`/album/${album.id}`);
    await expect(page).toHaveURL(/\/auth$/);
    // The toast is shown on the album page just before the full navigation to /auth.
    await expect.poll(async () => (await shownToasts()).some((text) => text.includes('Session Expired'))).toBe(true);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The server ended the session: no token for this browser, and the app sends it to /auth.
    expect(await accessTokenOf(page)).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a 401 the refresh mends loads the page and keeps the session', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    const before = await accessTokenOf(page);
    expect(before).not.toBeNull();
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 401, times: 1 });
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
    // The server refreshed: the session holds a new access token in place of the old one.
    await expect.poll(() => accessTokenOf(page)).not.toBe(before);
    expect(await accessTokenOf(page)).not.toBeNull();
    await expect(toasts(page)).toHaveCount(0);
  });

  test('a 403 on a bad request ends the session, clears storage and goes to /access_denied', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 403 });
    await page.goto(`/album/${album.id}`);
    await expect(page).toHaveURL(/\/access_denied$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await accessTokenOf(page)).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('another 4xx with a Message shows nothing extra and keeps the session', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    const requests = countProviderRequests(page, sandbox.url);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 400, body: { error: { status: 400, message: 'Invalid base62 id' } } });
    await page.goto(`/album/${album.id}`);
    // The album's own error state appears, with no toast, prompt or redirect.
    await expect.poll(() => requests.urls.filter((url) => new URL(url).pathname === `/v1/albums/${album.id}`).length).toBe(1);
    await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeHidden();
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("403 PREMIUM_REQUIRED on play opens the 'Premium Required' dialog and keeps the session", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
    await sandbox.addFault({
      match: { method: 'PUT', path: '^/v1/me/player/play$' },
      status: 403,
      body: { error: { status: 403, message: 'Premium required', reason: 'PREMIUM_REQUIRED' } },
    });
    await page.goto(`/album/${album.id}`);
    await page.locator('[data-track-id]').first().getByRole('button', { name: /^Play / }).click();
    await expect(page.getByRole('dialog', { name: 'Premium Required' })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("another 4xx without a Message toasts 'Something went wrong' and keeps the session", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 400, body: { error: { status: 400 } } });
    await page.goto(`/album/${album.id}`);
    await expect(toasts(page).filter({ hasText: 'Something went wrong' })).toBeVisible();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("a 5xx with a Message toasts that Message after one retry, and keeps the session", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    const requests = countProviderRequests(page, sandbox.url);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 503, body: { error: { status: 503, message: 'Catalogue is resting' } }, times: 2 });
    await page.goto(`/album/${album.id}`);
    await expect(toasts(page).filter({ hasText: 'Catalogue is resting' })).toBeVisible();
    // The page itself shows SPEC §8's something_went_wrong screen with its default texts.
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong.' }) });
    await expect(screen.getByText('Oops! It seems there was a problem with the server. Please try again later.')).toBeVisible();
    expect(requests.urls.filter((url) => new URL(url).pathname === `/v1/albums/${album.id}`)).toHaveLength(2);
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test("a 5xx without a Message toasts 'Internal Server Error' and keeps the session", async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 500, body: {}, times: 2 });
    await page.goto(`/album/${album.id}`);
    await expect(toasts(page).filter({ hasText: 'Internal Server Error' })).toBeVisible();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test('cancelled requests: leaving a slow album for another at once shows no toast', async ({ page, signIn, sandbox }) => {
    const [first, second] = await twoAlbums(page, signIn, sandbox);
    await page.goto(`/album/${second.id}`);
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(first) }, delayMs: 2_000, times: 1 });
    await followLink(page, `/album/${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/album/${first.id}$`));
    await followLink(page, `/album/${second.id}`);
    await expect(page).toHaveURL(new RegExp(`/album/${second.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    // Past the slow answer's time: the cancelled call said nothing and changed nothing.
    await page.waitForTimeout(2_500);
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test('a 429 with Retry-After is retried once, then toasts, and keeps the session', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    const requests = countProviderRequests(page, sandbox.url);
    await sandbox.addFault({ match: { method: 'GET', path: albumPath(album) }, status: 429, headers: { 'Retry-After': '1' }, body: { error: { status: 429 } }, times: 2 });
    await page.goto(`/album/${album.id}`);
    await expect(toasts(page).filter({ hasText: 'Something went wrong' })).toBeVisible();
    expect(requests.urls.filter((url) => new URL(url).pathname === `/v1/albums/${album.id}`)).toHaveLength(2);
    expect(await accessTokenOf(page)).not.toBeNull();
  });

  test('a 429 QUOTA_EXCEEDED is not retried, says nothing extra, and keeps the session', async ({ page, signIn, sandbox }) => {
    const [album] = await twoAlbums(page, signIn, sandbox);
    const requests = countProviderRequests(page, sandbox.url);
    await sandbox.addFault({
      match: { method: 'GET', path: albumPath(album) },
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: { status: 429, message: 'Quota exceeded for this app', reason: 'QUOTA_EXCEEDED' } },
    });
    await page.goto(`/album/${album.id}`);
    await expect.poll(() => requests.urls.filter((url) => new URL(url).pathname === `/v1/albums/${album.id}`).length).toBe(1);
    await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
    // Longer than the Retry-After: a retry would have come by now.
    await page.waitForTimeout(1_500);
    expect(requests.urls.filter((url) => new URL(url).pathname === `/v1/albums/${album.id}`)).toHaveLength(1);
    await expect(toasts(page)).toHaveCount(0);
    expect(await accessTokenOf(page)).not.toBeNull();
  });
});

test.describe("SPEC §8's error screens on real pages", () => {
  // The render failure is this test's own doing; React and the boundary log it, and the
  // not-found album is a 404 from the provider.
  test.use({ allowErrors: /e2e: a render failure|failed to render|above error|HTTP 404|status of 404/i });

  test("data_not_found and error_boundary show their texts; the boundary's Try Again reloads the page", async ({ page, signIn, sandboxUrl }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the screens are the same components on both viewports; desktop proves them');
    await signIn(page);
    // data_not_found with its title overridden by the page's message, and its default text.
    await page.goto('/album/0000000000000000000000');
    const notFound = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Album Not Found' }) });
    await expect(notFound.getByText("The data you're looking for might not available. Please try something else.")).toBeVisible();

    // error_boundary: the first load of the page fails to render its track rows (the
    // test breaks date formatting for that one load); Try Again reloads it, whole.
    const playlist = (await providerGet<{ items: { id: string; name: string }[] }>(page, sandboxUrl, 'users/aarav.sharma/playlists?limit=1')).items[0]!;
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-break-render') !== '1') return;
      sessionStorage.removeItem('e2e-break-render');
      Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', {
        get() {
          throw new Error('e2e: a render failure');
        },
      });
    });
    await page.evaluate(() => sessionStorage.setItem('e2e-break-render', '1'));
    await page.goto(`/playlist/${playlist.id}`);
    const boundary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong with application.' }) });
    await expect(boundary.getByText('Oops! Please try again later.')).toBeVisible();
    await expect(page.locator('[data-track-id]')).toHaveCount(0);
    await boundary.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.locator('[data-track-id]').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong with application.' })).toHaveCount(0);
    expect(await accessTokenOf(page)).not.toBeNull();
  });
});
