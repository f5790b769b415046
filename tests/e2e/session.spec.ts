import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessTokenOf, askTokenRoute } from './helpers/access-token';
import { logOut, SESSION_COOKIE, signInOverHttp, signInThroughProvider } from './helpers/sign-in';
import { expectToastShown } from './helpers/toasts';
import { thisWorkersStack } from './helpers/urls';

// The worker's own stack (fixtures.ts): these tests name some of its addresses in full.
const stack = thisWorkersStack();

// The session on the site's server (DESIGN §1, RFC 10017): what the browser holds after
// signing in, the cookie's attributes, and the refusal of every cross-site state change.
// Each test has a session of its own (they end it or try to); the two about what signing in
// leaves in the browser sign in through its pages. Cookies, storage and the server's answers
// are the same whatever the screen, so only LogOut (whose button moves on a phone) runs on
// the mobile project too.
test.use({ ownSession: true });

// The session does not depend on the viewport: its tests run on the desktop alone (@viewport-free), but LogOut below runs on both.

/** Every value the site's origin keeps in localStorage and sessionStorage, as stored and, for JSON text, parsed. */
async function storedValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const values: string[] = [];
    for (const storage of [localStorage, sessionStorage]) {
      for (let index = 0; index < storage.length; index++) {
        const raw = storage.getItem(storage.key(index)!) ?? '';
        values.push(raw);
        try {
          const parsed: unknown = JSON.parse(raw);
          if (typeof parsed === 'string') values.push(parsed);
          else if (parsed && typeof parsed === 'object') values.push(...Object.values(parsed).filter((v): v is string => typeof v === 'string'));
        } catch {
          // not JSON: the raw value is tried as it is
        }
      }
    }
    return values;
  });
}

/** The page's own token, asked as the app asks, from inside the page; this browser is signed in. */
async function pageToken(page: Page): Promise<string> {
  const token = await accessTokenOf(page);
  if (!token) throw new Error('the site answered 401: no session');
  return token;
}

const sandboxAccepts = async (page: Page, token: string) =>
  (await page.request.get(`${stack.sandboxUrl}/v1/me`, { headers: { Authorization: `Bearer ${token}` } })).status();

test.describe('what signing in leaves in the browser', () => {
  test.use({ realSignIn: true });

  test('after sign-in no storage holds a token: every stored value is refused as a bearer token', { tag: '@viewport-free' }, async ({ page, signIn }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
    // The player has connected (it stored its device), so everything a session writes is written.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('DEVICE_ID'))).not.toBeNull();
    const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    for (const key of ['ACCESS_TOKEN', 'REFRESH_TOKEN', 'TOKEN_EXPIRES_AT', 'IS_LOGGED_IN', 'PKCE_VERIFIER', 'PKCE_STATE']) expect(keys).not.toContain(key);
    const values = await storedValues(page);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(await sandboxAccepts(page, value), `stored value ${value.slice(0, 12)}…`).toBe(401);
    // The check can fail: the token the page holds in memory is a real one.
    expect(await sandboxAccepts(page, await pageToken(page))).toBe(200);
  });

  test('the session cookie carries only an id, HttpOnly, SameSite=Lax, Path=/, and the login cookie is gone', { tag: '@viewport-free' }, async ({ page, signIn }) => {
    await signIn(page);
    const cookies = await page.context().cookies(stack.siteUrl);
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['my-music-session']);
    const [session] = cookies;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false, domain: '127.0.0.1' });
    expect(session!.value).toMatch(/^[0-9a-f-]{36}$/);
    // Kept across browser restarts for the session store's 30 days, not a browser-session cookie.
    expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // The page's script cannot read it.
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });
});

test.describe('cross-site requests', () => {
  // The refusals are 403s on purpose (the site's /favicon.ico, which the refused form's text page makes Chromium ask for, answers).
  test.use({ allowErrors: /403|Failed to fetch|CORS|Cross-site/ });

  test('a cross-site form or fetch to sign-out or to the token route is refused, and the session stays', { tag: '@viewport-free' }, async ({ page, signIn }) => {
    await signIn(page);
    const before = await pageToken(page);
    // Another site (the sandbox's origin: another port, so another origin) posts a form to the
    // site's sign-out, and fetches it and the token route with credentials.
    const attacker = await page.context().newPage();
    await attacker.goto(`${stack.sandboxUrl}/premium`);
    const refused = await attacker.evaluate(async (site) => {
      const statuses: string[] = [];
      for (const path of ['/session/sign-out', '/session/token']) {
        await fetch(`${site}${path}`, { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(
          (response) => statuses.push(`${path} ${response.type}`),
          () => statuses.push(`${path} failed`),
        );
      }
      return statuses;
    }, stack.siteUrl);
    // Both reached the site and were answered (opaque to the other site): the refusal below is the site's.
    expect(refused).toEqual(['/session/sign-out opaque', '/session/token opaque']);
    const formAnswer = attacker.waitForResponse(`${stack.siteUrl}/session/sign-out`);
    await attacker.evaluate((site) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = `${site}/session/sign-out`;
      document.body.append(form);
      form.submit();
    }, stack.siteUrl);
    expect((await formAnswer).status()).toBe(403);
    // The site's header alone is not enough without the site's Origin, and neither is the Origin
    // without the header, but for sign-out's plain form (LogOut with JavaScript off, which only
    // the site's own pages can send: server-render.spec.ts).
    const forged = await page.request.post(`${stack.siteUrl}/session/sign-out`, { headers: { 'X-My-Music': '1', Origin: stack.sandboxUrl } });
    expect(forged.status()).toBe(403);
    const headerless = await page.request.post(`${stack.siteUrl}/session/token`, { headers: { Origin: stack.siteUrl } });
    expect(headerless.status()).toBe(403);
    // Still signed in, with the same token: nothing was spent or ended.
    expect(await pageToken(page)).toBe(before);
    await page.reload();
    await expect(page).toHaveURL(`${stack.siteUrl}/`);
  });
});

test('LogOut ends the server session: the old cookie opens nothing, and another tab is signed out at its next request', async ({ page, signIn, isMobile }) => {
  await signIn(page);
  const [cookie] = await page.context().cookies(stack.siteUrl);
  const other = await page.context().newPage();
  await other.goto('/collection');
  await expect(other).toHaveURL(/\/collection$/);
  // Logged out with nothing stored (a clear of empty storage tells no tab by itself): keys removed
  // one by one, as a clear here would already sign the other tab out.
  await page.evaluate(() => Object.keys(localStorage).forEach((key) => localStorage.removeItem(key)));
  await logOut(page, isMobile);
  // The other tab follows at once (the storage event), and in any case its next request finds no session.
  await other.waitForURL('**/auth');
  // Storage, shared by both tabs, stays clear: the other tab's SDK may have stored its device id
  // between the clear and the event, and the tab clears it again as it follows.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await other.goto('/user/me');
  await expect(other).toHaveURL(/\/auth$/);
  // The session is deleted on the server: the old cookie, planted again, is a visitor's.
  await page.context().addCookies([cookie!]);
  const answer = await askTokenRoute(page, stack.siteUrl);
  expect(answer.status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a visitor gets a redirect to /auth from the server, never the shell', { tag: '@viewport-free' }, async ({ request }) => {
  const answer = await request.get(`${stack.siteUrl}/album/any`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()['location']).toBe('/auth');
  expect(await answer.text()).toBe('');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test("a page rendered for a session is kept by no shared cache and by no browser cache", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  for (const path of ['/collection/tracks', '/user/me', '/']) {
    const answer = await page.request.get(`${stack.siteUrl}${path}`, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['cache-control'], path).toBe('private, no-store');
    expect(answer.headers()['content-security-policy'], path).toContain("form-action 'self'");
  }
});

test("a visitor's page (/auth, /access_denied) is kept by no browser cache: Back to it after signing in is the site's redirect to /", { tag: '@viewport-free' }, async ({ request }) => {
  // Chromium's Back takes a page from its HTTP cache, however old, unless it was no-store: after
  // signing in, Back past the provider's page showed the landing page, with Log in (which ends the
  // session it finds), where the site sends a signed-in browser to / (SPEC §2).
  for (const path of ['/auth', '/access_denied']) {
    const answer = await request.get(`${stack.siteUrl}${path}`, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['cache-control'], path).toBe('no-store');
  }
});

test('the token route answers no-store, and never to a visitor', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  const visitor = await askTokenRoute(page, stack.siteUrl);
  expect(visitor.status()).toBe(401);
  await signIn(page, 'guest', { home: false });
  const answer = await askTokenRoute(page, stack.siteUrl);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');
  const body = (await answer.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresAt', 'renewAt']);
  // A body far beyond what a page sends is refused unread, and the session stays.
  const huge = await page.request.post(`${stack.siteUrl}/session/token`, {
    headers: { Origin: stack.siteUrl, 'X-My-Music': '1', 'Content-Type': 'application/json' },
    data: JSON.stringify({ refused: 'x'.repeat(100_000) }),
  });
  expect(huge.status()).toBe(413);
  expect((await askTokenRoute(page, stack.siteUrl)).status()).toBe(200);
});

test('a session cookie the site never made (forged, damaged) opens the landing page as a visitor and is dropped; the app sends to /auth', { tag: '@viewport-free' }, async ({ request }) => {
  for (const value of ['..', '.', '?', 'x'.repeat(300), '00000000-0000-0000-0000-00000000000g']) {
    const headers = { cookie: `my-music-session=${encodeURIComponent(value)}` };
    const landing = await request.get(`${stack.siteUrl}/auth`, { headers, maxRedirects: 0 });
    expect(landing.status(), value).toBe(200);
    expect(await landing.text()).toContain('data-login');
    // The answer deletes the cookie (an expired Set-Cookie of the same name).
    expect(landing.headers()['set-cookie'] ?? '', value).toMatch(/my-music-session=[^;]*;.*Expires=Thu, 01 Jan 1970/i);
    const app = await request.get(`${stack.siteUrl}/album/any`, { headers, maxRedirects: 0 });
    expect(app.status(), value).toBe(302);
    expect(app.headers()['location']).toBe('/auth');
  }
});

test.describe('a session cookie planted by another app on this host', () => {
  // The token route's 401 to the page with two cookies, the playback the page then cannot read, and
  // the sandbox's favicon (its page plants the cookie): expected.
  test.use({ allowErrors: /401|The session has ended|\/favicon\.ico/ });

  test("is taken for neither session: the page goes to /auth with 'Session Expired', both go, and signing in again is clean", { tag: '@viewport-free' }, async ({ page, signIn }) => {
    // Signed in, on a document of the site that asks for no token while the cookie is planted.
    await signIn(page, 'guest', { home: false });
    const [planted] = await signInOverHttp(stack.siteUrl, 'free');
    // A page of another app on 127.0.0.1 (the sandbox: another port, so another origin) sets the
    // cookie at a longer path: cookies ignore ports, and the user's (Path=/) stays beside it.
    const other = await page.context().newPage();
    await other.goto(`${stack.sandboxUrl}/sdk/player.js`);
    await other.evaluate(([name, value]) => void (document.cookie = `${name}=${value}; path=/session`), [SESSION_COOKIE, planted!.value]);
    await other.close();
    const sessionCookies = async () => (await page.context().cookies(`${stack.siteUrl}/session/token`)).filter((cookie) => cookie.name === SESSION_COOKIE);
    expect(await sessionCookies()).toHaveLength(2);

    // The page asks for its token with both cookies, the planted one first: it was given the
    // planter's token, and every save and play went to their account.
    const token = page.waitForResponse((response) => new URL(response.url()).pathname === '/session/token');
    await page.goto('/');
    expect((await token).status()).toBe(401);
    expect(await sessionCookies()).toEqual([]);
    // As after any session that ended: the next page is /auth, which says so.
    await page.goto('/collection');
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToastShown(page, 'Session Expired');

    // Signing in again, from /auth's button, gives one session.
    await signInThroughProvider(page, stack.siteUrl, stack.sandboxUrl);
    expect(await sessionCookies()).toHaveLength(1);
    await expect(page.getByRole('button', { name: 'LogOut' }).first()).toBeAttached();
  });
});
