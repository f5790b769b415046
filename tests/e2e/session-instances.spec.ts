import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { askTokenRoute } from './helpers/access-token';
import { signInThroughProvider } from './helpers/sign-in';
import { startOwnStack, type OwnStack } from './helpers/site-instances';

// The session's life on the server (DESIGN §1): two site instances on one real Redis, short
// tokens, a refresh token spent once however many requests meet its expiry, and a refused
// refresh ending on /auth. The stack is this file's own (ports 4341-4344), so the shared e2e
// sandbox is never touched; it runs on the desktop project only (nothing here is a layout).

/** Short enough to expire within a test, long enough to sign in: renewed 2 s before (lib/token-timing.ts). */
const TOKEN_TTL_S = 5;

test.describe.configure({ mode: 'serial' });
// On the desktop alone (@viewport-free): the session is the same on every viewport.
// Expired tokens are refused by the sandbox on purpose, and a killed instance refuses connections.
// (A file the page was fetching when its instance was killed fails too: the player card's lazy body, say.)
test.use({ allowErrors: /401|Session Expired|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|net::ERR|Failed to fetch dynamically imported module/ });

let stack: OwnStack;
let redis: { url: string; stop(): Promise<void> };
/** The session cookie of the one sign-in; each test's new browser context starts with it. */
let sessionCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { startRedis } = (await import(new URL('../../scripts/lib/redis.mjs', import.meta.url).href)) as {
    startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
  };
  redis = await startRedis();
  stack = await startOwnStack({ name: 'e2e-instances', basePort: 4341, sites: 2, tokenTtl: TOKEN_TTL_S, redisUrl: redis.url });
});

test.afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
});

/** The access token a site instance hands this browser now, asked as the page asks (same origin, the site's header). */
async function tokenFrom(page: Page, siteUrl: string): Promise<{ status: number; accessToken?: string }> {
  const response = await askTokenRoute(page, siteUrl);
  return { status: response.status(), ...(response.ok() ? ((await response.json()) as { accessToken: string }) : {}) };
}

async function providerAccepts(page: Page, token: string): Promise<boolean> {
  return (await page.request.get(`${stack.sandboxUrl}/v1/me`, { headers: { Authorization: `Bearer ${token}` } })).ok();
}

/** Home of one instance shows the signed-in shell with its content. */
async function expectHome(page: Page, siteUrl: string): Promise<void> {
  const response = await page.goto(`${siteUrl}/`);
  expect(response?.url(), 'not sent to /auth').toBe(`${siteUrl}/`);
  await expect(page.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
}

const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('two instances on one Redis serve one signed-in browser alternately, and one killed with SIGKILL loses no session', { tag: '@viewport-free' }, async ({ page }) => {
  const [a, b] = [stack.site(0), stack.site(1)];
  await signInThroughProvider(page, a.url, stack.sandboxUrl);
  sessionCookies = await page.context().cookies(a.url);
  // The cookie is the browser's for 127.0.0.1 whatever the port, as it is for one host behind a load balancer.
  for (const site of [b, a, b]) await expectHome(page, site.url);
  // Killed between requests: with its page gone and its last answer in, b holds no refresh half
  // done. (One killed while the provider rotates the refresh token loses the new one with it:
  // another instance goes on once b's claim lapses, a lease later, to find the old one refused.)
  await page.goto('about:blank');
  expect((await tokenFrom(page, b.url)).status).toBe(200);
  await b.kill();
  await expectHome(page, a.url);
  await b.start();
  await expectHome(page, b.url);
  expect((await tokenFrom(page, b.url)).status).toBe(200);
});

test('the server refreshes a token that expires mid-session, and the pages go on', { tag: '@viewport-free' }, async ({ page }) => {
  await page.context().addCookies(sessionCookies);
  const a = stack.site(0);
  await expectHome(page, a.url);
  const first = await tokenFrom(page, a.url);
  expect(first.status).toBe(200);
  await until(TOKEN_TTL_S * 1000 + 500);
  expect(await providerAccepts(page, first.accessToken!), 'the first token has expired at the provider').toBe(false);
  // An in-app switch after the expiry: the page asks for a renewed token and loads its data.
  await page.getByRole('link', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(/\/search$/);
  // The categories come from the provider, asked with the renewed token.
  await expect(page.getByText('Pop', { exact: true })).toBeVisible();
  const renewed = await tokenFrom(page, a.url);
  expect(renewed.accessToken).not.toBe(first.accessToken);
  expect(await providerAccepts(page, renewed.accessToken!)).toBe(true);
});

test('parallel requests on both instances spend the refresh token once and share its answer', { tag: '@viewport-free' }, async ({ page }) => {
  await page.context().addCookies(sessionCookies);
  const [a, b] = [stack.site(0), stack.site(1)];
  const before = await tokenFrom(page, a.url);
  expect(before.status).toBe(200);
  await until(TOKEN_TTL_S * 1000);
  // Six requests meet the due token at once, three per instance. The sandbox rotates refresh
  // tokens: a second spending would be refused (invalid_grant) and end the session.
  const answers = await Promise.all([a, b, a, b, a, b].map((site) => tokenFrom(page, site.url)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const tokens = new Set(answers.map((answer) => answer.accessToken));
  expect(tokens.size, 'one refresh, one new token').toBe(1);
  const [shared] = [...tokens];
  expect(shared).not.toBe(before.accessToken);
  expect(await providerAccepts(page, shared!)).toBe(true);
  await expectHome(page, b.url);
});

test('a refresh the provider refuses (invalid_grant) ends the session on /auth with Session Expired', { tag: '@viewport-free' }, async ({ page }) => {
  await page.context().addCookies(sessionCookies);
  const a = stack.site(0);
  await expectHome(page, a.url);
  // No page of the site runs while the token expires: the next page load meets the refusal.
  // (A page left open would ask for a token itself and go to /auth on its own; server-session.test.ts
  // proves that path leaves the same notice.)
  await page.goto('about:blank');
  await until(TOKEN_TTL_S * 1000);
  const fault = { match: { method: 'POST', path: '^/api/token$' }, status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' }, times: 1 };
  expect((await page.request.post(`${stack.sandboxUrl}/__sandbox/faults`, { data: fault })).ok()).toBe(true);
  await page.goto(`${a.url}/`);
  await expect(page).toHaveURL(`${a.url}/auth`);
  await expect(page.getByRole('status')).toHaveText('Session Expired');
  // The session is gone on the server: the next visit is a plain visitor's, without the toast.
  expect((await tokenFrom(page, a.url)).status).toBe(401);
  await page.goto(`${a.url}/`);
  await expect(page).toHaveURL(`${a.url}/auth`);
  await expect(page.getByRole('status')).toHaveCount(0);
});
