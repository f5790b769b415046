import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations as violations } from './helpers/axe';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { aTrendingRow } from './player-kit';

// WCAG A and AA rules on every screen, in both themes, on each viewport (a phone's light
// theme on the routes that show its own parts): one walk
// per viewport (axe per route and theme), not a test per route, to keep CI short.
// Only serious and critical violations fail; each is listed with its elements.

type Theme = 'dark' | 'light';

/** The theme the app applies (the same attribute the head script and $theme write). */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    localStorage.setItem('THEME_MODE_VALUE', JSON.stringify(mode));
    document.documentElement.dataset.theme = mode;
  }, theme);
}

async function checkBothThemes(page: Page, path: string, themes: readonly Theme[] = ['dark', 'light']): Promise<string[]> {
  await page.goto(path);
  // The page's content arrives in its HTML; what is checked is the page once its islands have
  // hydrated (Astro drops their `ssr` mark then; the shell's client:media ones wait for a screen
  // size and may never), a precise signal where 'networkidle' only waited for 500 ms without
  // requests, which says nothing about the page.
  await expect(page.locator('astro-island[ssr]:not([client="media"])')).toHaveCount(0);
  // Skeletons gone: what a person reads is what is checked.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found: string[] = [];
  // The theme changes colours only: the second theme needs only the colour rules (half the time).
  for (const theme of themes) {
    await applyTheme(page, theme);
    found.push(...(await violations(page, `${path} [${theme}]`, theme === 'light')));
  }
  await applyTheme(page, 'dark');
  return found;
}

// The not-found page answers 404 on purpose (and Chromium logs that status).
test.use({ allowErrors: /no-such-page/ });

test('every screen has no serious or critical accessibility violation in either theme', async ({ page, signIn, sandboxUrl, isMobile }) => {
  // About 2 minutes on two quiet cores; room for a busy machine.
  test.setTimeout(420_000);
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
    '/player',
  ];
  // Colours are the same CSS on every screen, and the desktop walk checks both themes on every
  // route. A phone adds its own parts (bottom navigation, top bar, compact rows), on every
  // route: its light theme is checked on a few routes that show them all, its dark on all.
  const phoneLight = new Set(['/', '/search?q=a', `/album/${album!.id}`, `/playlist/${featured.playlists.items[0]!.id}`, '/collection/tracks', '/user/me']);
  for (const path of routes) {
    const themes: Theme[] = isMobile && !phoneLight.has(path) ? ['dark'] : ['dark', 'light'];
    found.push(...(await checkBothThemes(page, path, themes)));
  }
  expect(found).toEqual([]);
});

/** The transition durations (seconds) an element's computed style gives. */
async function transitionSeconds(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).first().evaluate((element) =>
    getComputedStyle(element).transitionDuration.split(',').map((value) => parseFloat(value)),
  );
}

test('keyboard and screen reader: focus rings, dialogs that trap and give back focus, the now-playing announcement, reduced motion', async ({ page, signIn, sandboxUrl }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'Tab order, hover motion and the shortcuts sheet are the keyboard and pointer screens; the mobile walk above covers the bottom sheet');
  await signIn(page);
  await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);

  // Motion: the sidebar's width and the cards' hover animate, unless the user asks for less.
  expect(Math.max(...(await transitionSeconds(page, '.side-nav')))).toBeGreaterThan(0.1);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const selector of ['.side-nav', '.card']) expect(Math.max(...(await transitionSeconds(page, selector)))).toBeLessThan(0.001);
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  // Every control the keyboard reaches shows a ring (global :focus-visible).
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const style = getComputedStyle(focused);
      return { what: focused.outerHTML.slice(0, 80), style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style, ring.what).not.toBe('none');
    expect(ring.width, ring.what).toBeGreaterThanOrEqual(2);
  }

  // A track starts: the live region says so.
  const { row, name } = await aTrendingRow(page);
  const play = row.getByRole('button', { name: /^Play / });
  // From the keyboard, as the walk above: focus leaves the side navigation (which
  // widens over the page while it holds focus), then Enter plays.
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-now-playing]')).toHaveText(new RegExp(`^Now playing: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by .+`));
  await expect(page.locator('[data-now-playing]')).toHaveAttribute('aria-live', 'polite');

  // The shortcuts sheet: focus starts inside, Tab cannot leave it, Escape gives focus back.
  await play.focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(play).toBeFocused();

  // The image preview (a native modal dialog) gives focus back to the cover that opened it.
  const [album] = await searchCatalogue(page, sandboxUrl, 'album');
  await page.goto(`/album/${album!.id}`);
  const cover = page.getByRole('button', { name: /^Show the picture of / });
  await cover.click();
  const preview = page.getByRole('dialog', { name: 'Image preview' });
  await expect(preview).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await preview.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await preview.getByRole('button', { name: 'Close', exact: true }).press('Enter');
  await expect(preview).toBeHidden();
  await expect(cover).toBeFocused();

  // The search box: its input draws no outline inside the pill, so the pill shows the ring.
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  const pill = await page.locator('.top-bar .search-box').evaluate((element) => `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}`);
  expect(pill).toBe('solid 2px');
});

test('the bottom sheet keeps focus while open and gives it back to its button', async ({ page, signIn }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the bottom sheet is the narrow shell’s');
  await signIn(page);
  const opener = page.getByRole('button', { name: 'More options', exact: true });
  await opener.click();
  const sheet = page.getByRole('dialog', { name: 'More options' });
  await expect(sheet).toBeVisible();
  expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let step = 0; step < 7; step++) {
    await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
});
