// Signing in the way a person does: the landing page's login button, the
// sandbox's own sign-in page, /callback, then home. Used by the e2e fixtures and
// by the bench, so both measure and test the real flow, never a planted token.
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../../src/lib/storage';

/** What a signed-in session keeps in the site's storage (not the theme, not the SDK's device id). */
const SESSION_KEYS = [STORAGE_KEYS.isLoggedIn, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiresAt];

/** A signed-in session as the site stored it: its storage entries. */
export type SavedSession = [key: string, value: string][];

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

/** The session `page` holds now (after signInThroughProvider). */
export function readSession(page: Page): Promise<SavedSession> {
  return page.evaluate(
    (keys) => keys.flatMap((key): [string, string][] => {
      const value = localStorage.getItem(key);
      return value === null ? [] : [[key, value]];
    }),
    SESSION_KEYS,
  );
}

/**
 * Gives `page` a session an earlier sign-in of the same worker stored, and opens home, as
 * signInThroughProvider ends. The tokens stay valid for the run: the sandbox's tokens last an
 * hour, and a reset or a restart keeps them.
 */
export async function restoreSession(page: Page, siteUrl: string, session: SavedSession): Promise<void> {
  // The landing page: the site's origin without a line of the app's JavaScript.
  await page.goto(`${siteUrl}/auth`);
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, session);
  await page.goto(`${siteUrl}/`);
  await page.waitForURL((url) => url.origin === siteUrl && url.pathname === '/');
}
