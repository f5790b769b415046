import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';

// What stands at the edges of a page and of its rows: a sideways row of cards tells that it goes on
// and shows its covers' shadows whole, a card's artist link shows its focus ring clear of its
// words, the phone's bottom navigation keeps its ends off the screen's edges, and the footer's
// columns side by side start their lists on one line.

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

test("a row of cards shows the next card in part where it scrolls on, and its first cover's shadow whole", async ({ page, signIn }, testInfo) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('THEME_MODE_VALUE', '"light"'));
  await page.reload();
  const row = page.locator('.card-row').first();
  await expect(row.locator('.card').nth(6)).toBeAttached();
  const shown = await row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const covers = [...element.querySelectorAll('.card__cover')].map((cover) => cover.getBoundingClientRect());
    return { left: box.left, right: box.right, firstCover: covers[0]!.left, partly: covers.filter((cover) => cover.left < box.right && cover.right > box.right + 1).length, scrolls: element.scrollWidth > element.clientWidth };
  });
  expect(shown.scrolls).toBe(true);
  // One cover cut by the row's end: the sign that the row goes on.
  expect(shown.partly, 'covers shown in part at the end').toBe(1);
  // The covers' shadow (24 px of blur) has room before the first one.
  expect(shown.firstCover - shown.left, "room for the first cover's shadow").toBeGreaterThanOrEqual(16);
  const width = await pageWidth(page);
  expect(width.document, 'no page-wide sideways scroll').toBeLessThanOrEqual(width.viewport);
  await saveScreen(page, testInfo, 'card-row-light');
});

test("a card's artist link shows its focus ring clear of its words, and whole", async ({ page, signIn }, testInfo) => {
  await signIn(page);
  const link = page.locator('.card-row .card__subtitle a').first();
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    const offset = Number.parseFloat(style.outlineOffset);
    const reach = offset + Number.parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    const clip = element.closest('.card__subtitle')!.getBoundingClientRect();
    return { offset, style: style.outlineStyle, inside: box.left - reach >= clip.left - 0.5 && box.top - reach >= clip.top - 0.5 && box.bottom + reach <= clip.bottom + 0.5 };
  });
  expect(ring.style).toBe('solid');
  expect(ring.offset, 'the ring is outside the link, off its letters').toBeGreaterThanOrEqual(0);
  expect(ring.inside, 'the ring inside what the subtitle shows').toBe(true);
  await saveScreen(page.locator('.card-row').first(), testInfo, 'card-artist-focus');
});

test("the phone's bottom navigation keeps its current entry's bold words clear of the screen's edges", { tag: '@phone-only' }, async ({ page, signIn }, testInfo) => {
  await signIn(page);
  const edges = async () =>
    page.locator('.bottom-nav__link span').evaluateAll((labels) => {
      const width = window.innerWidth;
      const boxes = labels.map((label) => label.getBoundingClientRect());
      const cut = labels.some((label) => label.scrollWidth > label.clientWidth);
      return { left: boxes[0]!.left, right: width - boxes[boxes.length - 1]!.right, cut };
    });
  for (const [path, current] of [['/', 'Dashboard'], ['/user/me', 'My Profile']] as const) {
    await page.goto(path);
    await expect(page.locator('.bottom-nav [aria-current="page"]')).toHaveText(current);
    const room = await edges();
    expect(room.left, `${current}: room on the left`).toBeGreaterThanOrEqual(10);
    expect(room.right, `${current}: room on the right`).toBeGreaterThanOrEqual(10);
    expect(room.cut, `${current}: a label cut`).toBe(false);
  }
  await saveScreen(page, testInfo, 'bottom-nav-my-profile');
  // "Your Library" current, in bold, on the narrowest phone.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/collection');
  await expect(page.locator('.bottom-nav [aria-current="page"]')).toHaveText('Your Library');
  expect((await edges()).cut, 'a label cut at 320 px').toBe(false);
});

test("the footer's columns side by side start their lists on one line, a heading that wraps or not", async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/notification');
  const footer = page.getByRole('contentinfo');
  const firstLinks = await footer.locator('.columns > nav').evaluateAll((columns) =>
    columns.map((column) => {
      const link = column.querySelector('a')!.getBoundingClientRect();
      const box = column.getBoundingClientRect();
      return { x: Math.round(box.left), top: Math.round(box.top), link: Math.round(link.top) };
    }),
  );
  // Columns whose boxes start on one line (a row of the grid) have their first links on one line.
  const rows = new Map<number, number[]>();
  for (const column of firstLinks) rows.set(column.top, [...(rows.get(column.top) ?? []), column.link]);
  for (const [top, links] of rows) expect(new Set(links).size, `the first links of the row at ${top}`).toBe(1);
  await footer.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'footer-columns');
});

test("Your Library's own tiles show their names whole on a 320 px phone", { tag: '@phone-only' }, async ({ page, signIn }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/collection');
  const titles = page.locator('.library-tile .card__title');
  await expect(titles).toHaveCount(3);
  const cut = await titles.evaluateAll((elements) => elements.filter((title) => title.scrollWidth > title.clientWidth).map((title) => title.textContent));
  expect(cut, 'names cut by an ellipsis').toEqual([]);
  await expect(titles.filter({ hasText: 'Create Playlist' })).toBeVisible();
  await saveScreen(page, testInfo, 'library-tiles-320');
});
