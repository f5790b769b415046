import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { actOnPage, switchInApp } from './helpers/in-app';
import { expectSound, startPlaying } from './player-kit';

// What a keyboard and screen reader user is told, and where their focus is, as the app changes
// under them (WCAG 4.1.3 status messages, 2.4.3 focus order): a search's results, a pause, the
// volume keys, and the page a link or Back brings.

/** Whether the focus is inside the page's content (App.astro's #content), the content itself included. */
const focusInContent = (page: Page) => page.evaluate(() => document.activeElement?.closest('#content') !== null && document.activeElement !== null);

test("the top bar's search box keeps the focus as typing opens /search and as Enter brings results, which a polite region says once they show", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page);
  await actOnPage(page);
  const box = page.locator('.top-bar').getByRole('searchbox', { name: 'Search' });
  await expect(box).toBeEditable();
  // Reached by the keyboard: focus alone opens nothing; the first letter opens /search.
  await box.focus();
  await box.pressSequentially('noche');
  await page.waitForURL((url) => url.pathname === '/search');
  await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('noche');

  const status = page.locator('[data-search-status]');
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === 'noche');
  await expect(box).toBeFocused();
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText(/^Results for noche: \d+ (song|artist|album|playlist)/);

  await box.fill('zzqqxx');
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === 'zzqqxx');
  await expect(status).toHaveText('No Search Result Found');
  await expect(box).toBeFocused();
});

test('a link followed, and Back, start the keyboard at the new page\'s content: no ring, no scroll, the next Tab on its first control', async ({ page, signIn }) => {
  await signIn(page);
  await actOnPage(page);
  // A link of the content, reached and followed by the keyboard.
  const link = page.locator('#content a[href^="/album/"]').first();
  await expect(link).toBeVisible();
  await link.focus();
  await link.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/album/'));
  await expect(page.locator('#content')).toBeFocused();
  expect(await page.locator('#content').evaluate((content) => getComputedStyle(content).outlineStyle)).toBe('none');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('Tab');
  expect(await focusInContent(page)).toBe(true);
  await expect(page.locator('#content')).not.toBeFocused();

  // The focus leaves the old page before the swap takes the page away (shell-client.ts): removed
  // with it, the focused content made the browser work out the old page's styles once more.
  type AtSwap = { focusAtSwap?: string };
  await page.evaluate(() => document.addEventListener('astro:before-swap', () => void ((window as AtSwap).focusAtSwap = document.activeElement?.tagName), { once: true }));
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('#content')).toBeFocused();
  expect(await page.evaluate(() => (window as AtSwap).focusAtSwap)).toBe('BODY');
});

test('Space says "Paused", and "Now playing" again; Shift+Up and Shift+Down say the volume they set', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  const nowPlaying = page.locator('[data-now-playing]');
  await expect(nowPlaying).toHaveText(/^Now playing: /);
  await page.locator('.detail-header__type').click(); // focus in the page, not in a field
  await page.keyboard.press('Space');
  await expect(nowPlaying).toHaveText('Paused');
  await page.keyboard.press('Space');
  await expect(nowPlaying).toHaveText(/^Now playing: /);

  const said = page.locator('#shell-announcer');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(said).toHaveText(/^Volume \d+%$/);
  const lower = Number((await said.textContent())!.match(/\d+/)![0]);
  await page.keyboard.press('Shift+ArrowUp');
  await expect(said).toHaveText(`Volume ${Math.min(100, lower + 10)}%`);
});

// The tab's title names the playing track (document-title.ts), and the client router's announcer
// reads document.title after each page change: a screen reader heard the song on every page
// change while music played, never the page reached (WCAG 2.4.2).
test("while a track plays, a page change is announced as the page reached, not as the track", { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  const album = await startPlaying(page, sandbox, signIn);
  const track = album.tracks[0]!.name;
  await expect.poll(() => page.title()).toContain(track);
  await switchInApp(page, '/collection');
  await expect(page.locator('#content h1')).toHaveText('Your Library');
  const announcer = page.locator('.astro-route-announcer').last();
  await expect(announcer).toHaveText(/Your Library/);
  // Still the track's in the tab.
  await expect.poll(() => page.title()).toContain(track);
  await page.waitForTimeout(300);
  await expect(announcer).toHaveText(/Your Library/);
});
