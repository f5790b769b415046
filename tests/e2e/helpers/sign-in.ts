// Signing in the way a person does: the landing page's login button, the
// sandbox's own sign-in page, /callback, then home. Used by the e2e fixtures and
// by the bench, so both measure and test the real flow, never a planted token.
import type { Page } from '@playwright/test';

/** The seeded sandbox accounts of docs/ARCHITECTURE.md: guest is premium, free is not. */
export const ACCOUNTS = {
  guest: { email: 'guest@mymusic.test', password: 'guest' },
  free: { email: 'free@mymusic.test', password: 'free' },
} as const;

export type Account = keyof typeof ACCOUNTS;

/**
 * Signs `page` in and waits until it shows the site's home (/).
 * The login control is the landing page's first `[data-login]` element, or else
 * the first button or link named like "Log in" / "Sign in" / "Get started".
 */
export async function signInThroughProvider(
  page: Page,
  siteUrl: string,
  sandboxUrl: string,
  account: Account = 'guest',
): Promise<void> {
  await page.goto(`${siteUrl}/auth`);
  const byName = /log\s?in|sign\s?in|get started/i;
  const login = page
    .locator('[data-login]')
    .or(page.getByRole('button', { name: byName }))
    .or(page.getByRole('link', { name: byName }))
    .first();
  await login.click();
  await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/authorize`));

  if (account === 'guest') {
    await page.getByRole('button', { name: 'Continue as guest' }).click();
  } else {
    const { email, password } = ACCOUNTS[account];
    await page.getByLabel(/email/i).fill(email);
    const passwordField = page.getByLabel(/password/i);
    await passwordField.fill(password);
    await passwordField.press('Enter');
  }
  // /callback exchanges the code and replaces itself with home.
  await page.waitForURL((url) => url.origin === siteUrl && url.pathname === '/', { timeout: 15_000 });
}
