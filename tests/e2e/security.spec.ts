import type { Page, Response } from '@playwright/test';
import { searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';

// The security headers on every page a signed-in user visits, and no Content
// Security Policy violation anywhere (a violation also logs a console error, which the
// fixtures fail on; the event is recorded here to say which directive it was).

interface Named {
  id: string;
  name: string;
}

const EXPECTED_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'content-security-policy': /frame-ancestors 'none'/,
};

// Scripts from the site, the sandbox's SDK origin and hashes only; requests and images to
// the site and the sandbox only (src/lib/security-headers.ts).
const POLICY: Record<string, RegExp> = {
  'script-src': /^'self' http:\/\/127\.0\.0\.1:\d+( 'sha256-[A-Za-z0-9+/]+=*')+$/,
  'connect-src': /^'self' http:\/\/127\.0\.0\.1:\d+$/,
  'img-src': /^'self' http:\/\/127\.0\.0\.1:\d+$/,
  'object-src': /^'none'$/,
};

function checkHeaders(response: Response | null, route: string): void {
  expect(response, `${route} answered`).not.toBeNull();
  const headers = response!.headers();
  for (const [name, pattern] of Object.entries(EXPECTED_HEADERS)) {
    expect(headers[name], `${name} on ${route}`).toMatch(pattern);
  }
  const directives = new Map(headers['content-security-policy']!.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')]));
  for (const [name, pattern] of Object.entries(POLICY)) expect(directives.get(name), `${name} on ${route}`).toMatch(pattern);
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

test('every route signed in carries the security headers and meets no CSP violation', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  // The headers are the server's, the same for every screen; a CSP violation on a phone is a
  // console error, which fails any mobile test (the accessibility walk visits every route).
  // On the desktop alone (@viewport-free): the same headers on every viewport.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => void seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue<Named>(page, sandboxUrl, 'album');
  const [artist] = await searchCatalogue<Named>(page, sandboxUrl, 'artist');
  const [playlist] = await searchCatalogue<Named>(page, sandboxUrl, 'playlist');
  const routes = [
    '/',
    `/album/${album!.id}`,
    '/album/new-release',
    `/artist/${artist!.id}`,
    `/playlist/${playlist!.id}`,
    '/user/aarav.sharma',
    '/search/album/love',
    '/collection',
    '/collection/tracks',
    '/player',
    '/user/me',
    '/track/recent-played',
    '/search?q=love',
  ];
  for (const route of routes) {
    const response = await page.goto(route);
    checkHeaders(response, route);
    await expect(page.locator('main').first()).toBeVisible();
    expect(await violations(page), `CSP violations on ${route}`).toEqual([]);
  }
});

test.describe('the policy bites', () => {
  // The refusals below are the point of this test; Chromium logs each as a console error.
  test.use({ allowErrors: /Content Security Policy/ });

  test('the landing page carries the headers, and an injected script or event handler does not run there', { tag: '@viewport-free' }, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => void seen.push(event.violatedDirective));
    });
    checkHeaders(await page.goto('/auth'), '/auth');
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/favicon.svg" onload="window.injectedHandlerRan = true"><a href="javascript:window.injectedLinkRan=true">x</a>';
      document.body.append(holder);
      holder.querySelector('a')!.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [flags.injectedScriptRan, flags.injectedHandlerRan, flags.injectedLinkRan];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
    expect((await violations(page)).length).toBeGreaterThanOrEqual(3);
    // Not covered: the prerendered 404 page and the built assets are served as static files
    // by @astrojs/node, which the middleware never sees (they carry no inline script).
  });
});
