import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { providerGet, searchCatalogue } from './helpers/catalogue';

// WCAG A and AA rules on every screen, in both themes, on each viewport: one walk
// per viewport (axe per route and theme), not a test per route, to keep CI short.
// Only serious and critical violations fail; each is listed with its elements.

type Theme = 'dark' | 'light';

async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
}

/** The theme the app applies (the same attribute the head script and $theme write). */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    localStorage.setItem('THEME_MODE_VALUE', JSON.stringify(mode));
    document.documentElement.dataset.theme = mode;
  }, theme);
}

async function checkBothThemes(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Skeletons gone: what a person reads is what is checked.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found: string[] = [];
  for (const theme of ['dark', 'light'] as Theme[]) {
    await applyTheme(page, theme);
    found.push(...(await violations(page, `${path} [${theme}]`)));
  }
  await applyTheme(page, 'dark');
  return found;
}

// The not-found page answers 404 on purpose (and Chromium logs that status).
test.use({ allowErrors: /no-such-page/ });

test('every screen has no serious or critical accessibility violation in either theme', async ({ page, signIn, sandboxUrl }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of ['/auth', '/access_denied', '/no-such-page']) found.push(...(await checkBothThemes(page, path)));

  await signIn(page);
  const [artist] = await searchCatalogue(page, sandboxUrl, 'artist');
  const [album] = await searchCatalogue(page, sandboxUrl, 'album');
  const featured = await providerGet<{ playlists: { items: { id: string }[] } }>(page, sandboxUrl, 'browse/featured-playlists?limit=1');
  const categories = await providerGet<{ categories: { items: { id: string }[] } }>(page, sandboxUrl, 'browse/categories?limit=1');
  const me = await providerGet<{ id: string }>(page, sandboxUrl, 'me');
  const users = await providerGet<{ playlists: { items: { owner: { id: string } }[] } }>(page, sandboxUrl, 'search?q=a&type=playlist&limit=20');
  const otherUser = users.playlists.items.find((p) => p && p.owner.id !== me.id && p.owner.id !== 'spotify')?.owner.id ?? 'spotify';
  const routes = [
    '/',
    '/search',
    '/search?q=a',
    '/search/track/a',
    `/album/${album!.id}`,
    '/album/new-release',
    `/artist/${artist!.id}`,
    `/artist/${artist!.id}/albums`,
    `/artist/${artist!.id}/related-artists`,
    `/playlist/${featured.playlists.items[0]!.id}`,
    '/playlist/popular',
    `/category/${categories.categories.items[0]!.id}/playlists`,
    '/track/recent-played',
    '/user/me',
    '/user/me/top-tracks',
    '/user/me/following',
    `/user/${otherUser}`,
    '/collection',
    '/collection/albums',
    '/collection/tracks',
    '/notification',
  ];
  for (const path of routes) found.push(...(await checkBothThemes(page, path)));
  expect(found).toEqual([]);
});
