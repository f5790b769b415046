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

function checkHeaders(response: Response | null, route: string): void {
  expect(response, `${route} answered`).not.toBeNull();
  const headers = response!.headers();
  for (const [name, pattern] of Object.entries(EXPECTED_HEADERS)) {
    expect(headers[name], `${name} on ${route}`).toMatch(pattern);
  }
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

test('every route signed in carries the security headers and meets no CSP violation', async ({ page, signIn, sandboxUrl }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => void seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await signIn(page);
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
  ];
  for (const route of routes) {
    const response = await page.goto(route);
    checkHeaders(response, route);
    await expect(page.locator('main').first()).toBeVisible();
    expect(await violations(page), `CSP violations on ${route}`).toEqual([]);
  }
});

test('the landing page carries the headers too', async ({ page }) => {
  checkHeaders(await page.goto('/auth'), '/auth');
  // Not yet: the prerendered 404 page and the built assets are served as static files
  // by @astrojs/node, which the middleware never sees.
});
