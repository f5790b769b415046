import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { logOut, SESSION_COOKIE, signInThroughProvider } from './helpers/sign-in';

// One browser, two accounts, one after the other (a family computer): what the first account's
// tabs do once another person has signed in. Sessions of its own: it signs out and in.
// Expected: the free account's player cannot register (403 on the SDK's devices, SPEC §6's
// premium), and the held tab's token request is refused as another session's (409).
test.use({
  ownSession: true,
  allowErrors: /(HTTP 403: POST |status of 403 \(Forbidden\) \(at )\S+\/sdk\/v1\/devices|(HTTP 409: POST |status of 409 \(Conflict\) \(at )\S+\/session\/token/,
});

test("the first account's tabs leave its pages once another signs in: one whose page loaded meanwhile takes no token of the second, one that stored nothing hears the sign-in, and Log in on a landing page left open tells them at once", async ({ page, signIn, baseURL, sandboxUrl, isMobile }) => {
  await signIn(page, 'guest');
  // A second tab shows the guest's Liked Songs, but its scripts reach it only after the guest
  // signed out and the free account signed in (a slow network): they run too late to hear either
  // storage event, and asked for the session's token, it got the free account's, under the
  // guest's Liked Songs, whose hearts then acted for the free account.
  const other = await page.context().newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await other.route(/\/_astro\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const loading = other.goto('/collection/tracks');
  await expect(other.getByRole('heading', { name: 'Liked Songs' })).toBeVisible();

  await logOut(page, isMobile);
  // A landing page left open while signed out, for the next person.
  const landing = await page.context().newPage();
  await landing.goto('/auth');
  await signInThroughProvider(page, baseURL!, sandboxUrl, 'free');
  release();
  await loading;

  // It goes the way a tab goes after a sign-out elsewhere: /auth, which sends it to the free account's home.
  await expect(other).toHaveURL(`${baseURL}/`);
  await expect(other.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Liked Songs' })).toHaveCount(0);
  // The free account's own tab is untouched by it.
  await expect(page).toHaveURL(`${baseURL}/`);
  // (Closed: a first token it asked for late would meet the moment below with no session, a 401.)
  await other.close();

  // The free account's session ends without a LogOut (its cookie ran out), and the guest signs in
  // from the landing page left open. The free account's tab stored nothing (no player device), and
  // the clear of an empty storage by the guest's first page told it nothing: it stayed on the free
  // account's page. It follows now, to the guest's home.
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.evaluate(() => Object.assign(window, { freeAccountsPage: true }));
  await page.context().clearCookies({ name: SESSION_COOKIE });
  // Another landing page, opened signed out, for the last step.
  const lastLanding = await page.context().newPage();
  await lastLanding.goto('/auth');
  // Both tabs become the guest's, each asking for its first token as it starts (waited for below:
  // one asked late would meet the last step's ended session, a 401).
  const tokenOf = (tab: Page) => tab.waitForResponse((answer) => new URL(answer.url()).pathname === '/session/token' && answer.status() === 200);
  const guestTokens = Promise.all([tokenOf(landing), tokenOf(page)]);
  await signInFromLanding(landing, sandboxUrl);
  await landing.waitForURL(`${baseURL}/`);
  // (Asked again while the tab is between two documents.)
  await expect.poll(() => page.evaluate(() => 'freeAccountsPage' in window).catch(() => null)).toBe(false);
  await expect(page).toHaveURL(`${baseURL}/`);
  await guestTokens;

  // Log in on a landing page left open ends the session it finds, the guest's: the guest's tabs
  // leave its pages at once, before anyone signs in at the provider (who may give up there). A
  // plain redirect told them nothing: they went on with the guest's pages and token meanwhile.
  await lastLanding.locator('[data-login]').first().click();
  await lastLanding.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/authorize`));
  await expect(page).toHaveURL(`${baseURL}/auth`);
  await expect(landing).toHaveURL(`${baseURL}/auth`);
});

/** Log in on a landing page already open (it was opened signed out), as the guest. */
async function signInFromLanding(landing: Page, sandboxUrl: string): Promise<void> {
  await landing.locator('[data-login]').first().click();
  await landing.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/authorize`));
  await landing.getByRole('button', { name: 'Continue as guest' }).click();
}
