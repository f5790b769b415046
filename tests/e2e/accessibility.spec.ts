import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations as violations } from './helpers/axe';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { actOnPage, switchInApp } from './helpers/in-app';
import { aTrendingRow } from './player-kit';
import { expectToastShown } from './helpers/toasts';
import { ROUTES, type RouteName } from '../../src/lib/routes';
import { parseRoute } from '../../src/stores/route';

// WCAG A and AA rules on every screen, in both themes, on each viewport (a phone's light
// theme on the routes that show its own parts): axe per route and theme, in a few walks of
// related routes that the workers share (the file's tests run in parallel).
// Only serious and critical violations fail; each is listed with its elements.
test.describe.configure({ mode: 'parallel' });

type Theme = 'dark' | 'light';

/** The theme the app applies (the same attribute the head script and $theme write). */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    localStorage.setItem('THEME_MODE_VALUE', JSON.stringify(mode));
    document.documentElement.dataset.theme = mode;
  }, theme);
}

/**
 * axe's findings on `path` in each theme. `inApp`: reached as a click on a link reaches it (the
 * client router swaps the page in, as most of a visit's pages are), else loaded whole.
 */
async function checkThemes(page: Page, path: string, themes: readonly Theme[], { inApp = false } = {}): Promise<string[]> {
  if (inApp) await switchInApp(page, path);
  else await page.goto(path);
  await actOnPage(page);
  // The page's content arrives in its HTML; what is checked is the page once its islands have
  // hydrated (on the user's first input, above) (Astro drops their `ssr` mark then; the shell's client:media ones wait for a screen
  // size and may never), a precise signal where 'networkidle' only waited for 500 ms without
  // requests, which says nothing about the page.
  await expect(page.locator('astro-island[ssr]:not([client="media"])'), `${path}'s islands hydrated`).toHaveCount(0);
  // Skeletons gone: what a person reads is what is checked.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found: string[] = [];
  // The theme changes colours only: the second theme needs only the colour rules (half the time).
  for (const theme of themes) {
    await applyTheme(page, theme);
    found.push(...(await violations(page, `${path} [${theme}]`, { coloursOnly: theme === 'light' })));
  }
  await applyTheme(page, 'dark');
  return found;
}

/** The catalogue's ids the routes below open: found in the worker's sandbox, as a user would. */
async function catalogueIds(page: Page, sandboxUrl: string) {
  const [artist] = await searchCatalogue(page, sandboxUrl, 'artist');
  const [album] = await searchCatalogue(page, sandboxUrl, 'album');
  const featured = await providerGet<{ playlists: { items: { id: string }[] } }>(page, sandboxUrl, 'browse/featured-playlists?limit=1');
  const categories = await providerGet<{ categories: { items: { id: string }[] } }>(page, sandboxUrl, 'browse/categories?limit=1');
  const me = await providerGet<{ id: string }>(page, sandboxUrl, 'me');
  const users = await providerGet<{ playlists: { items: { owner: { id: string } }[] } }>(page, sandboxUrl, 'search?q=a&type=playlist&limit=20');
  return {
    artist: artist!.id,
    album: album!.id,
    playlist: featured.playlists.items[0]!.id,
    category: categories.categories.items[0]!.id,
    otherUser: users.playlists.items.find((p) => p && p.owner.id !== me.id && p.owner.id !== 'spotify')?.owner.id ?? 'spotify',
  };
}

type Ids = Awaited<ReturnType<typeof catalogueIds>>;

/**
 * The signed-in routes, in walks of about equal length. Colours are the same CSS on every
 * screen, and the desktop walk checks both themes on every route. A phone adds its own parts
 * (bottom navigation, top bar, compact rows) on every route: its light theme is checked on the
 * routes marked `phoneLight`, which show them all, its dark on all.
 */
const walks: Record<string, (ids: Ids) => { path: string; phoneLight?: true }[]> = {
  'home and search': () => [
    { path: '/', phoneLight: true },
    { path: '/search' },
    { path: '/search?q=a', phoneLight: true },
    { path: '/search/track/a' },
    { path: '/notification' },
    { path: '/player' },
    { path: '/user/me/top-artists' },
  ],
  'albums, artists and playlists': (ids) => [
    { path: `/album/${ids.album}`, phoneLight: true },
    { path: '/album/new-release' },
    { path: `/artist/${ids.artist}` },
    { path: `/artist/${ids.artist}/albums` },
    { path: `/artist/${ids.artist}/related-artists` },
    { path: `/playlist/${ids.playlist}`, phoneLight: true },
    { path: '/playlist/popular' },
    { path: `/category/${ids.category}/playlists` },
  ],
  'the library and profiles': (ids) => [
    { path: '/track/recent-played' },
    { path: '/user/me', phoneLight: true },
    { path: '/user/me/top-tracks' },
    { path: '/user/me/following' },
    { path: `/user/${ids.otherUser}` },
    { path: '/collection' },
    { path: '/collection/albums' },
    { path: '/collection/tracks', phoneLight: true },
    { path: '/user/me/saved-albums' },
    { path: '/user/me/saved-tracks' },
  ],
};

test('the walks reach every route of the registry', { tag: '@viewport-free' }, () => {
  const ids: Ids = { artist: 'an-artist', album: 'an-album', playlist: 'a-playlist', category: 'a-category', otherUser: 'someone' };
  const walked = new Set(Object.values(walks).flatMap((walk) => walk(ids)).map(({ path }) => parseRoute(path)?.name));
  expect((Object.keys(ROUTES) as RouteName[]).filter((name) => !walked.has(name))).toEqual([]);
});

test.describe('no serious or critical accessibility violation in either theme', () => {
  // The not-found page answers 404 on purpose (and Chromium logs that status).
  test.use({ allowErrors: /no-such-page/ });

  test('signed out: the landing, access-denied and not-found pages', async ({ page }) => {
    const found: string[] = [];
    for (const path of ['/auth', '/access_denied', '/no-such-page']) found.push(...(await checkThemes(page, path, ['dark', 'light'])));
    expect(found).toEqual([]);
  });

  for (const [name, walk] of Object.entries(walks)) {
    test(`signed in: ${name}`, async ({ page, signIn, sandboxUrl, isMobile }) => {
      // About a minute on two quiet cores; room for a busy machine.
      test.setTimeout(240_000);
      await signIn(page, 'guest', { home: false });
      const found: string[] = [];
      // The walk's first page is loaded whole, and each next one reached in the app.
      for (const [index, { path, phoneLight }] of walk(await catalogueIds(page, sandboxUrl)).entries()) {
        found.push(...(await checkThemes(page, path, isMobile && !phoneLight ? ['dark'] : ['dark', 'light'], { inApp: index > 0 })));
      }
      expect(found).toEqual([]);
    });
  }
});

/** The transition durations (seconds) an element's computed style gives. */
async function transitionSeconds(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).first().evaluate((element) =>
    getComputedStyle(element).transitionDuration.split(',').map((value) => parseFloat(value)),
  );
}

test('keyboard and screen reader: focus rings, dialogs that trap and give back focus, the now-playing announcement, reduced motion', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  // On the desktop alone (@viewport-free): Tab order, hover motion and the shortcuts sheet are the keyboard and pointer screens; the mobile walk above covers the bottom sheet.
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

  // The playing row's equalizer moves (each of its three bars), unless the user asks for less
  // motion: then it stands still (an endless animation cut to 0.01 ms would repeat every frame, a flicker).
  await page.getByRole('list', { name: `Tracks of ${album!.name}` }).getByRole('button', { name: /^Play / }).first().click();
  const runningAnimations = () =>
    page
      .locator('.track-row .equalizer')
      .evaluate((element) => element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length);
  await expect.poll(runningAnimations).toBe(3);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(runningAnimations).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  // The search box: its input draws no outline inside the pill, so the pill shows the ring.
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  const pill = await page.locator('.top-bar .search-box').evaluate((element) => `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}`);
  expect(pill).toBe('solid 2px');
});

test('the bottom sheet keeps focus while open and gives it back to its button', { tag: '@phone-only' }, async ({ page, signIn }) => {
  // On the phone alone (@phone-only): the bottom sheet is the narrow shell’s.
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

/**
 * How much of the focus ring of `element`, focused from the keyboard, a box around it hides
 * (overflow other than visible: a cell's ellipsis, a row that scrolls), per side, in px; none
 * when the whole ring shows. Only the focus scrolls it into view, as the keyboard's does:
 * Playwright's own scrolling would scroll a cell that clips to the link, which a browser does not
 * do for a link it shows a little of.
 */
async function ringCut(page: Page, selector: string | Locator): Promise<string[]> {
  const element = typeof selector === 'string' ? page.locator(selector).first() : selector;
  return element.evaluate((focused: HTMLElement) => {
    focused.focus({ focusVisible: true } as FocusOptions);
    const style = getComputedStyle(focused);
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const box = focused.getBoundingClientRect();
    const ring = { top: box.top - reach, bottom: box.bottom + reach, left: box.left - reach, right: box.right + reach };
    const cut: string[] = [];
    for (let parent = focused.parentElement; parent; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.overflowX === 'visible' && parentStyle.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      const sides = { top: clip.top - ring.top, bottom: ring.bottom - clip.bottom, left: clip.left - ring.left, right: ring.right - clip.right };
      for (const [side, hidden] of Object.entries(sides)) if (hidden > 0.5) cut.push(`${parent.className}: ${side} ${hidden.toFixed(1)} px`);
    }
    return cut;
  });
}

/**
 * Where the focus ring of the link `element`, focused from the keyboard, lies over its own words:
 * the sides on which the ring's band (an inset ring is drawn inside the link's box) reaches in
 * past where its text begins, in px; none when the ring stays clear of every letter.
 */
async function ringOverText(element: Locator): Promise<string[]> {
  return element.evaluate((focused: HTMLElement) => {
    focused.focus({ focusVisible: true } as FocusOptions);
    const style = getComputedStyle(focused);
    // The ring's inner edge, outside the box by its offset (inside it when the offset is negative).
    const inner = parseFloat(style.outlineOffset);
    const box = focused.getBoundingClientRect();
    const words = document.createRange();
    words.selectNodeContents(focused);
    const text = words.getBoundingClientRect();
    const sides = { left: box.left - inner - text.left, right: text.right - (box.right + inner) };
    return Object.entries(sides)
      .filter(([, over]) => over > 0.5)
      .map(([side, over]) => `${focused.textContent}: ${side} ${over.toFixed(1)} px`);
  });
}

test("a focus ring shows whole where a box hides what reaches past it: artists' links in rows, tiles and the player card, cards in a row that scrolls", { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page);
  // A track tile's artists (the home's recent plays or tracks).
  expect(await ringCut(page, '.card__subtitle a')).toEqual([]);
  await page.goto('/search?q=a');
  await expect(page.locator('.track-row__artists a').first()).toBeVisible();
  // The keyboard's focus, as the site shows it (:focus-visible after a key).
  await page.keyboard.press('Tab');
  expect(await ringCut(page, '.track-row__artists a')).toEqual([]);
  // The ring goes inside the link: clear of its first letter and its last, not over them.
  expect(await ringOverText(page.locator('.track-row__artists a').first())).toEqual([]);
  expect(await ringCut(page, '.card-row .card')).toEqual([]);
  // The player card's artists, once a track plays.
  await page.locator('.track-row').first().hover();
  await page.locator('.track-row').first().getByRole('button', { name: /^Play / }).click();
  await expect(page.locator('.player-card__artists a').first()).toBeVisible();
  expect(await ringCut(page, '.player-card__artists a')).toEqual([]);
  // An album's link in its own cell (a list with the album column).
  await page.goto('/track/recent-played');
  await expect(page.locator('.track-row__album a').first()).toBeVisible();
  expect(await ringCut(page, '.track-row__album a')).toEqual([]);
  expect(await ringOverText(page.locator('.track-row__album a').first())).toEqual([]);
});

test("on a phone, a row's later artist, past the cell's ellipsis, shows whole while it holds the keyboard's focus, and no row moves", { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page);
  await page.goto('/track/recent-played');
  const links = page.locator('.track-row__artists a');
  await expect(links.first()).toBeVisible();
  // A row's second or later artist that its cell's ellipsis hides, some of it or all.
  const hidden = await links.evaluateAll((all) =>
    all.findIndex((link) => link.previousElementSibling !== null && link.getBoundingClientRect().right > link.parentElement!.getBoundingClientRect().right + 0.5),
  );
  expect(hidden, 'a row whose later artist reaches past its cell').toBeGreaterThan(-1);
  const link = links.nth(hidden);
  // Its row in view: Playwright's scrolling to the link itself would scroll its cell to it.
  await link.evaluate((found) => found.closest('.track-row')!.scrollIntoView({ block: 'center' }));
  const rows = () => page.locator('.track-row').evaluateAll((all) => all.map((row) => { const box = row.getBoundingClientRect(); return [box.top, box.height]; }));
  const before = await rows();
  // Its whole ring inside every box that clips.
  expect(await ringCut(page, link)).toEqual([]);
  // Its words whole: all of them inside the cell, none cut by an ellipsis of the link's own.
  const shown = await link.evaluate((focused) => {
    const words = document.createRange();
    words.selectNodeContents(focused);
    const text = words.getBoundingClientRect();
    const cell = focused.parentElement!.getBoundingClientRect();
    const box = focused.getBoundingClientRect();
    return { inCell: text.left >= cell.left - 0.5 && text.right <= cell.right + 0.5, inLink: text.right <= box.right + 0.5, focused: focused.matches(':focus-visible') };
  });
  expect(shown).toEqual({ inCell: true, inLink: true, focused: true });
  expect(await rows()).toEqual(before);
  // Its ring clear of its letters.
  expect(await ringOverText(link)).toEqual([]);
});

test('L (like the playing track) says what it did, politely: Added to Liked Songs, then Removed from Liked Songs', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page);
  const { row } = await aTrendingRow(page);
  await row.hover();
  await row.getByRole('button', { name: /^Play / }).click();
  await expect(page.locator('[data-now-playing]')).toHaveText(/^Now playing: /);
  const heart = page.locator('.player-card .player-card__like');
  await expect(heart).toBeEnabled();
  const label = (liked: boolean) => (liked ? 'Remove from Liked' : 'Save to Liked');
  const likedBefore = (await heart.getAttribute('aria-label')) === label(true);
  // From the page, not from a control: the shortcut's key.
  await page.locator('main').evaluate((main: HTMLElement) => main.focus());
  const said = (liked: boolean) => (liked ? 'Added to Liked Songs' : 'Removed from Liked Songs');
  await page.keyboard.press('l');
  await expectToastShown(page, said(!likedBefore));
  // Told by the toasts' polite live region, which holds their words alone, not each one's Dismiss
  // button ("×"): the toasts on screen are outside it (tests/unit/islands/overlays.test.tsx).
  await expect(page.locator('.toasts > [role="status"][aria-live="polite"]')).toHaveCount(1);
  await expect(page.locator('.toasts [aria-live] .toast, .toasts[aria-live]')).toHaveCount(0);
  await expect(heart).toHaveAttribute('aria-label', label(!likedBefore));
  await page.keyboard.press('l');
  await expectToastShown(page, said(likedBefore));
  await expect(heart).toHaveAttribute('aria-label', label(likedBefore));
});
