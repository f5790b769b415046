import { spawnSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { accessTokenOf } from './helpers/access-token';
import { PLAYWRIGHT_DISABLED_FEATURES } from './helpers/chromium';
import { thisWorkersStack } from './helpers/urls';

// The worker's own stack (fixtures.ts): these tests name some of its addresses in full.
const stack = thisWorkersStack();

// The smallest proof that the built site serves a page to a real Chromium on
// both projects; the fixtures fail it on any console error or failed request.
test('the landing page loads with no console error or failed request', async ({ page }) => {
  const response = await page.goto('/auth');
  expect(response?.status()).toBe(200);
  await expect(page.locator('body')).toBeVisible();
  expect(await page.title()).not.toBe('');
  // Late requests (images, fonts, scripts) are checked too before the test ends.
  await page.waitForLoadState('networkidle');
});

test('the browser runs with Playwright\'s disabled features and ours: Chromium keeps only the last list', { tag: '@viewport-free' }, async ({ page }) => {
  // The browser's own page of its version shows the command line it was started with.
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
  const effective = lists.at(-1) ?? [];
  // Every list on the command line (Playwright's own first) must be within the one Chromium uses.
  for (const list of lists) expect(effective).toEqual(expect.arrayContaining(list));
  expect(effective).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', ...PLAYWRIGHT_DISABLED_FEATURES]));
  expect(lists.length).toBeGreaterThan(1);
});

test.describe('the real sign-in', { tag: '@viewport-free' }, () => {
  test.use({ realSignIn: true });
  // The phone's sign-in is auth.spec.ts's; this checks the fixture.
  // On the desktop alone (@viewport-free): the fixture is the same for every viewport.

  test('signIn goes through the sandbox sign-in page and lands on home', async ({ page, signIn }) => {
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // The server holds the session now, so the landing page sends the user home.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

test('a later signIn reuses the worker\'s session: home, signed in, without the sign-in page', { tag: '@viewport-free' }, async ({ page, signIn, browser }) => {
  // On the desktop alone (@viewport-free): the fixture is the same for every viewport.
  await signIn(page); // the real flow, unless this worker signed in before
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const visited: string[] = [];
    fresh.on('request', (request) => visited.push(new URL(request.url()).pathname));
    await signIn(other);
    expect(new URL(other.url()).pathname).toBe('/');
    expect(visited).not.toContain('/auth');
    expect(visited).not.toContain('/login');
    expect(visited).not.toContain('/authorize');
    expect(visited).not.toContain('/callback');
    // The same server session: the same token, handed to both pages.
    const token = await accessTokenOf(page);
    expect(token).toBeTruthy();
    expect(await accessTokenOf(other)).toBe(token);
    // Signed in for real: home shows the provider's data.
    await expect(other.locator('[aria-label^="Tranding Songs"] [data-track-id]').first()).toBeVisible();
    // A second tab of the same context is signed in too: the session is the context's cookie.
    const second = await fresh.newPage();
    await second.goto(`${stack.siteUrl}/collection`);
    await expect(second).toHaveURL(`${stack.siteUrl}/collection`);
    await expect(second.getByRole('heading', { name: 'Your Library' })).toBeVisible();
    expect(await accessTokenOf(second)).toBe(token);
  } finally {
    await fresh.close();
  }
});

// The harness checking itself: these must fail when the browser reports a problem,
// or every other test's "no problem" would mean nothing.
test.describe('the automatic problem check', { tag: '@viewport-free' }, () => {
  // On the desktop alone (@viewport-free): the harness is the same for every project.
  test('fails a test on a console error (expected to fail)', async ({ page }) => {
    test.fail();
    await page.goto('/auth');
    await page.evaluate(() => console.error('deliberate console error'));
  });

  test('fails a test on React #424, which the shell keeps off the console where it is no failure (expected to fail)', async ({ page }) => {
    test.fail();
    await page.goto('/auth');
    await page.evaluate(() => console.error('Uncaught Error: Minified React error #424; visit https://react.dev/errors/424'));
  });

  test('fails a test on a failed request (expected to fail)', async ({ page }) => {
    test.fail();
    await page.goto('/auth');
    // Port 9 (discard) refuses connections on this machine.
    await page.evaluate(() => fetch('http://127.0.0.1:9/').catch(() => undefined));
    await page.waitForTimeout(300);
  });
});

test.describe('a test that expects errors', { tag: '@viewport-free' }, () => {
  // On the desktop alone (@viewport-free): the harness is the same for every project.
  test.use({ allowErrors: [/deliberate console error/] });

  test('passes and can see them', async ({ page, browserProblems }) => {
    await page.goto('/auth');
    await page.evaluate(() => console.error('deliberate console error'));
    await expect.poll(() => browserProblems.length).toBe(1);
  });
});

test('the sandbox fixture scripts a fault and clears it', { tag: '@viewport-free' }, async ({ sandbox }) => {
  // On the desktop alone (@viewport-free): the harness is the same for every project.
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me$' }, status: 503, times: 1 });
  expect((await fetch(`${sandbox.url}/v1/me`)).status).toBe(503);
  // Used up (times: 1): the real sandbox answers again, here 401 for want of a token.
  expect((await fetch(`${sandbox.url}/v1/me`)).status).toBe(401);
  await sandbox.addFault({ match: { path: '^/v1/me$' }, status: 500 });
  await sandbox.clearFaults();
  expect((await fetch(`${sandbox.url}/v1/me`)).status).toBe(401);
});

// `npm start` beside a running site: the test server holds both test ports now.
test.describe('npm start with a port already in use', { tag: '@viewport-free' }, () => {
  // On the desktop alone (@viewport-free): no page involved: the desktop run is enough.
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 });

  test('names the site port and PORT in one line', () => {
    const result = run({ PORT: new URL(stack.siteUrl).port, SANDBOX_PORT: '4399' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Port \d+ \(the site\) .*set PORT\b/)]);
  });

  test('names the sandbox port and SANDBOX_PORT in one line', () => {
    const result = run({ PORT: '4398', SANDBOX_PORT: new URL(stack.sandboxUrl).port });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Port \d+ \(the sandbox\) .*set SANDBOX_PORT\b/)]);
  });
});

test('pages and built files travel compressed, as the browser accepts', { tag: '@viewport-free' }, async ({ page }) => {
  // On the desktop alone (@viewport-free): the server is the same for every project.
  await page.goto('/auth');
  // The zero-JS /auth has no script file: its stylesheet is a built file like the scripts.
  const stylesheet = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href ?? '');
  for (const url of [`${stack.siteUrl}/auth`, stylesheet, `${stack.siteUrl}/sw.js`]) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding'), url).toMatch(/^(br|gzip)$/);
    expect(response.headers.get('vary'), url).toContain('Accept-Encoding');
    await response.arrayBuffer();
  }
});
