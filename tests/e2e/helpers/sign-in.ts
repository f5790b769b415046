// Signing in the way a person does: the landing page's login button, the
// sandbox's own sign-in page, /callback, then home. Used by the e2e fixtures and
// by the bench, so both measure and test the real flow, never a planted token; the
// same requests without the pages (signInOverHttp) for tests that need a session of their own.
import type { Cookie, Page } from '@playwright/test';
import { submitSignIn } from '../../../sandbox/tests/oauth';

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
  // The server's /callback exchanges the code, keeps the tokens in the session and redirects home.
  await page.waitForURL((url) => url.origin === siteUrl && url.pathname === '/', { timeout: 15_000 });
}

/**
 * A new session of the site for `account`, made over HTTP by the same requests the browser's
 * redirects make: /login (the server's login cookie and the provider's authorize URL), the
 * sandbox's sign-in form, then /callback, where the server exchanges the code and sets the
 * session cookie. The server's code is all the real flow's; only the three pages are not
 * rendered (about three seconds of a busy browser). For tests that need a session of their
 * own, because they end or refresh it, and are not about signing in (auth.spec is).
 */
export async function signInOverHttp(siteUrl: string, account: Account = 'guest'): Promise<SavedSession> {
  const login = await fetch(`${siteUrl}/login`, { redirect: 'manual' });
  const authorizeUrl = login.headers.get('location');
  if (login.status !== 302 || !authorizeUrl) throw new Error(`signInOverHttp: /login answered ${login.status}, not a redirect to the provider`);
  const loginCookies = login.headers.getSetCookie().map((header) => header.split(';')[0]!);
  const signedIn = await submitSignIn(authorizeUrl, account === 'guest' ? {} : ACCOUNTS[account]);
  if (!signedIn.location?.startsWith(`${siteUrl}/callback`)) throw new Error(`signInOverHttp: the sign-in form answered ${signedIn.status} to ${signedIn.location}`);
  const callback = await fetch(signedIn.location, { redirect: 'manual', headers: { Cookie: loginCookies.join('; ') } });
  const session = callback.headers.getSetCookie().map((header) => header.split(';')[0]!).find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (callback.headers.get('location') !== '/' || !session) throw new Error(`signInOverHttp: /callback answered ${callback.status} to ${callback.headers.get('location')} without a session`);
  const value = session.slice(SESSION_COOKIE.length + 1);
  // As the browser keeps it (session-cookie.ts): host-only, HttpOnly, SameSite=Lax, for this run.
  return [{ name: SESSION_COOKIE, value, domain: new URL(siteUrl).hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }];
}

/** The site's session cookie (src/server/session-cookie.ts): HttpOnly, it carries only the session's id. */
export const SESSION_COOKIE = 'my-music-session';

/** A signed-in session as the browser holds it: the site's session cookie (the tokens stay on the server). */
export type SavedSession = Cookie[];

/** The session `page` holds now (after signInThroughProvider): its context's session cookie for the site. */
export async function readSession(page: Page, siteUrl: string): Promise<SavedSession> {
  const cookies = (await page.context().cookies(siteUrl)).filter((cookie) => cookie.name === SESSION_COOKIE);
  if (cookies.length === 0) throw new Error(`readSession: the site set no ${SESSION_COOKIE} cookie`);
  return cookies;
}

/**
 * A document of the site that runs no script: a signed-in page parked there can ask the site
 * for its token (helpers/access-token.ts) without paying for a page it leaves at once.
 */
const SCRIPTLESS_SITE_DOCUMENT = '/favicon.svg';

/**
 * Gives `page` a session an earlier sign-in of the same worker made: the session cookie goes
 * into the page's context, and the server recognises it. The session lives on the server as
 * long as nothing ends it (the sandbox's tokens last an hour, the server refreshes them, and a
 * reset or a restart keeps them). With `home`, the page then opens home, as
 * signInThroughProvider ends; without, it waits on SCRIPTLESS_SITE_DOCUMENT for the test to
 * open its own first page (a home page opened only to be left costs a whole page load).
 */
export async function restoreSession(page: Page, siteUrl: string, session: SavedSession, { home = true } = {}): Promise<void> {
  await page.context().addCookies(session);
  if (!home) {
    await page.goto(`${siteUrl}${SCRIPTLESS_SITE_DOCUMENT}`);
    return;
  }
  await page.goto(`${siteUrl}/`);
  const { pathname } = new URL(page.url());
  if (pathname !== '/') throw new Error(`restoreSession: the saved session opened ${pathname}, not home (did a test end it?)`);
}

/** The Cookie header that carries `session`, for a request made from Node as the browser would. */
export function cookieHeaderOf(session: SavedSession): string {
  return session.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/**
 * Whether the server still holds `session` (its token route answers 200), asked from Node as
 * the page asks: same Origin, the site's header, the cookie. After a test that signed out or
 * had the provider end the session, the worker's saved session is gone and must not be reused.
 */
export async function sessionIsAlive(siteUrl: string, session: SavedSession): Promise<boolean> {
  const cookie = cookieHeaderOf(session);
  try {
    const response = await fetch(`${siteUrl}/session/token`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: siteUrl, 'X-My-Music': '1' },
    });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** LogOut as a user finds it (the top bar's button, or on a phone the bottom sheet's); resolves on /auth. */
export async function logOut(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) {
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    await page.getByRole('dialog', { name: 'More options' }).getByRole('button', { name: 'LogOut' }).click();
  } else {
    await page.getByRole('button', { name: 'LogOut' }).click();
  }
  await page.waitForURL('**/auth');
}
