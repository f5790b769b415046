import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { providerGet } from './helpers/catalogue';
import { openPaletteByKey, palette, paletteReady } from './helpers/palette';
import { saveScreen } from './helpers/screens';
import { setBrowserTextSize, textFitOf } from './helpers/text-fit';

// WCAG 1.4.4: a listener who reads better with larger letters sets the browser's text size
// ("Very large", 24 px), and every page's text grows with it, as the browser's own zoom would
// grow it, without a line cut or a page to scroll sideways. Sizes were pixels, so the setting
// changed nothing; they are rems now, and what holds text (the mini player's two lines, the
// footer's columns, the category tiles) makes room for it.

const VERY_LARGE = 24;

/**
 * The phone's mini player and bottom navigation clip nothing, but their words ran past their
 * bottom edges over the page (the mini player's two lines were 63 px tall in its 56): the words
 * of each shown bar that end below it.
 */
const wordsPastTheirBar = (page: Page) =>
  page.locator('.player-bar, .bottom-nav').evaluateAll((bars) =>
    bars.flatMap((bar) => {
      const edge = bar.getBoundingClientRect().bottom;
      return [...bar.querySelectorAll<HTMLElement>('span, a, button')].filter((part) => part.getBoundingClientRect().height > 0 && part.getBoundingClientRect().bottom > edge + 0.5).map((part) => part.textContent!.trim() || part.className);
    }),
  );

/**
 * The font sizes, in px, of the shown page's body and a track row's name and artists. (A page's
 * heading is left out: its size follows the window's width between a least and a most.)
 */
const sizesOf = (page: Page) =>
  page.evaluate(() => {
    const size = (selector: string) => Number.parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
    return { body: size('body'), name: size('.track-row__title'), artists: size('.track-row__artists') };
  });

test('the browser\'s larger text size grows every page\'s text, with no line cut and nothing wider than the window', async ({ page, signIn, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'guest', { home: false });
  const album = (await providerGet<{ albums: { items: { id: string; artists: { id: string }[] }[] } }>(page, sandbox.url, 'browse/new-releases?limit=1&offset=0&market=IN')).albums.items[0]!;

  await page.goto(`/album/${album.id}`);
  const usual = await sizesOf(page);
  await setBrowserTextSize(page, VERY_LARGE);
  await page.reload();
  const larger = await sizesOf(page);
  // Each in proportion to the setting, as it grew from 16 to 24 px.
  for (const part of ['body', 'name', 'artists'] as const) expect(larger[part], part).toBeCloseTo((usual[part] * VERY_LARGE) / 16, 0);

  for (const route of ['/', '/search', `/album/${album.id}`, `/artist/${album.artists[0]!.id}`, '/collection/tracks', '/user/me', '/player']) {
    await page.goto(route);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    expect(await textFitOf(page), route).toEqual({ sideways: 0, cut: [] });
    expect(await wordsPastTheirBar(page), route).toEqual([]);
  }
  await page.goto('/search');
  await saveScreen(page, testInfo, 'text-size-24-browse');
});

test('the landing page at the larger text size: its header\'s name and Log in each on one line, nothing wider than the window', async ({ page }) => {
  // Signed out: the page of this test has no session.
  await setBrowserTextSize(page, VERY_LARGE);
  await page.goto('/auth');
  const lines = (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight));
  expect(await lines('.landing-header .brand span'), 'the name').toBeLessThan(1.5);
  expect(await lines('.landing-header .button'), 'Log in').toBeLessThan(1.5);
  expect(await textFitOf(page)).toEqual({ sideways: 0, cut: [] });
});

/**
 * Each of `selector`'s parts that reach past `box`'s content edges at its sides (inside its border
 * and padding): cut off where the box hides what overflows, or run over its padding to its edge.
 */
const wordsPastTheBox = (page: Page, box: string, selector: string) =>
  page.locator(box).evaluate((outer, selector) => {
    const style = getComputedStyle(outer);
    const edges = outer.getBoundingClientRect();
    const left = edges.left + outer.clientLeft + Number.parseFloat(style.paddingLeft);
    const right = edges.left + outer.clientLeft + outer.clientWidth - Number.parseFloat(style.paddingRight);
    return [...outer.querySelectorAll<HTMLElement>(selector)]
      .filter((part) => part.getBoundingClientRect().width > 0)
      .filter((part) => part.getBoundingClientRect().left < left - 0.5 || part.getBoundingClientRect().right > right + 0.5)
      .map((part) => `${part.textContent!.trim() || part.getAttribute('aria-label')}: ${Math.round(part.getBoundingClientRect().left)}-${Math.round(part.getBoundingClientRect().right)} in ${Math.round(left)}-${Math.round(right)}`);
  }, selector);

test('what opens over a page at the larger text size: the command palette and the shortcuts sheet keep their words and controls inside them', async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await setBrowserTextSize(page, VERY_LARGE);
  await page.goto('/collection');
  await expect(page.locator('main h1, main h2').first()).toBeVisible();

  // The palette's field sized its column: the field's own width at 24 px (the input's 20
  // characters, the Esc key or the phone's Close) was wider than a phone, and the phone's Close
  // and every option's right end lay outside the panel, cut off where nothing scrolls.
  await paletteReady(page);
  await openPaletteByKey(page);
  await expect(palette(page).getByRole('option').first()).toBeVisible();
  expect(await wordsPastTheBox(page, '.command-palette__panel', '.command-palette__field, .command-palette__close, [role="option"], .command-palette__group')).toEqual([]);
  expect(await textFitOf(page)).toEqual({ sideways: 0, cut: [] });
  await saveScreen(page, testInfo, 'text-size-24-palette');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // The shortcuts sheet was 440 px wide whatever the text size, with 8rem of it for the keys: at
  // 24 px what a key does took three lines on a desktop, and on a phone a word a line, which ran
  // over the sheet's right padding to its edge.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  expect(await wordsPastTheBox(page, '.shortcuts-sheet', 'dt, dd')).toEqual([]);
  const lines = await sheet.locator('dd').evaluateAll((all) => Math.max(...all.map((dd) => Math.round(dd.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(dd).lineHeight)))));
  expect(lines, 'the most lines a key\'s words take').toBeLessThanOrEqual(2);
  await saveScreen(page, testInfo, 'text-size-24-shortcuts');
});

// WCAG 1.4.12: a reader's own text spacing (line height 1.5, letters 0.12 em, words 0.16 em
// apart, paragraphs 2 em) loses no text: no line cut, nothing wider than the window.
const READERS_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

test("a reader's own text spacing (WCAG 1.4.12) cuts no line and widens no page", async ({ page, signIn, sandbox }) => {
  test.setTimeout(120_000);
  await signIn(page, 'guest', { home: false });
  const album = (await providerGet<{ albums: { items: { id: string; artists: { id: string }[] }[] } }>(page, sandbox.url, 'browse/new-releases?limit=1&offset=0&market=IN')).albums.items[0]!;
  for (const route of ['/', '/search', `/album/${album.id}`, `/artist/${album.artists[0]!.id}`, '/collection/tracks', '/user/me', '/player']) {
    await page.goto(route);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    await page.addStyleTag({ content: READERS_SPACING });
    expect(await textFitOf(page), route).toEqual({ sideways: 0, cut: [] });
    expect(await wordsPastTheirBar(page), route).toEqual([]);
  }
});
