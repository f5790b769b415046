import type { Page } from '@playwright/test';
import { expectToastShown } from './helpers/toasts';
import { expect, test, type SignIn } from './fixtures';
import { saveScreen } from './helpers/screens';
import { accessTokenOf } from './helpers/access-token';
import { searchCatalogue } from './helpers/catalogue';

// Issue 28's honest network state, on both viewports (the wide top bar, the phone's top bar):
// while the provider rate-limits the site the top bar says so and counts down, then the notice
// goes by itself; a spent quota says so. The limit is the sandbox's real limiter
// (SANDBOX_RATE_LIMIT, set at run time through its fault API), the quota a scripted 429.

// The refused calls are the point; the browser logs each, and the library store its refused save.
test.use({ allowErrors: /HTTP 429|Failed to load resource|Could not change the library/ });

/** The top bar's notice; the other viewport's copy is hidden, so only the one on screen is found. */
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Slowed down' });

/** Signs in and opens an album page, ready for a click on Save. */
async function openAlbum(page: Page, signIn: SignIn, sandboxUrl: string) {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue(page, sandboxUrl, 'album', 1);
  await page.goto(`/album/${album!.id}`);
  const save = page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / });
  await expect(save).toBeEnabled();
  return save;
}

test('under the provider\'s rate limit the top bar says so and counts down, a refused save says it did not happen, then the notice goes by itself', async ({ page, signIn, sandbox }, testInfo) => {
  const save = await openAlbum(page, signIn, sandbox.url);
  await expect(notice(page)).toHaveCount(0);
  await sandbox.setRateLimit({ calls: 1, windowSeconds: 4 });
  // The window's one call, spent with the page's own token (if the page has not spent it
  // already): the page's next call is refused, with a Retry-After of at most 4 seconds.
  await fetch(`${sandbox.url}/v1/me`, { headers: { Authorization: `Bearer ${await accessTokenOf(page)}` } });
  const refused = page.waitForResponse((response) => response.url().startsWith(`${sandbox.url}/v1/`) && response.status() === 429);
  const before = (await save.getAttribute('aria-label'))!;
  await save.click();
  await refused;
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText(/\b[1-4] s$/);
  await saveScreen(page, testInfo, 'rate-limit');
  // A write is not sent again (a read is, once): SPEC §8's toast says the save did not happen.
  await expectToastShown(page, 'Something went wrong');
  await expect(save).toHaveAttribute('aria-label', before);
  await expect(notice(page)).toBeHidden({ timeout: 10_000 });
});

test('a spent quota says that the app\'s quota is spent when the user acts, and starts no countdown', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  const save = await openAlbum(page, signIn, sandbox.url);
  // Saving or removing: the test before may have left the album saved (its refused save is
  // retried once the limit's Retry-After has passed), and the click then removes it.
  await sandbox.addFault({
    match: { path: '^/v1/me/(albums|library)$' },
    status: 429,
    headers: { 'Retry-After': '30' },
    body: { error: { status: 429, message: 'Quota exceeded for this app', reason: 'QUOTA_EXCEEDED' } },
  });
  await save.click();
  await expectToastShown(page, 'My Music has used up its quota with the music provider for now. Please try again later.');
  expect(await sandbox.faultHits()).toEqual([1]);
  await expect(notice(page)).toHaveCount(0);
});
