// What shows a state by more than its colour: the player's Shuffle and Repeat when on (WCAG 1.4.1),
// also in forced colours (Windows' high contrast themes, which replace the page's colours with
// the system's: an on state drawn in green alone is gone there), and the phone's bottom sheet,
// whose edge and handle must stay in sight when its background is replaced.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';
import { card, isNarrow, openNowPlaying, startPlaying } from './player-kit';

/** The toggle as it looks now: the pointer away (no hover), transitions ended. */
async function looksOf(page: Page, toggle: Locator): Promise<Buffer> {
  await page.mouse.move(0, 0);
  return toggle.screenshot({ animations: 'disabled' });
}

/** Paints `toggles` in one grey, so that what is left to tell on from off is not colour (forced colours replace it anyway). */
async function withoutColour(toggles: Locator[], grey = true): Promise<void> {
  for (const toggle of toggles) {
    await toggle.evaluate((element: HTMLElement, on) => (on ? element.style.setProperty('color', 'rgb(128, 128, 128)', 'important') : element.style.removeProperty('color')), grey);
  }
}

/** Turns Shuffle and Repeat off by their buttons (Repeat goes off, all, one, off). */
async function turnOff(shuffle: Locator, repeat: Locator): Promise<void> {
  if ((await shuffle.getAttribute('aria-pressed')) === 'true') await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
  for (let press = 0; press < 2; press++) {
    const was = await repeat.getAttribute('data-repeat');
    if (was === 'off') break;
    await repeat.click();
    await expect(repeat).not.toHaveAttribute('data-repeat', was!);
  }
  await expect(repeat).toHaveAttribute('data-repeat', 'off');
}

test('Shuffle and Repeat show when they are on by more than a colour: with the colour taken away, and in forced colours', async ({ page, sandbox, signIn }, testInfo: TestInfo) => {
  await startPlaying(page, sandbox, signIn);
  // A phone's bar has play/pause only: its Shuffle and Repeat are on Now Playing (/player).
  if (isNarrow(page)) await openNowPlaying(page);
  const player = card(page);
  const shuffle = player.getByRole('button', { name: 'Shuffle', exact: true });
  const repeat = player.getByRole('button', { name: /^Repeat/ });
  // The account's playback keeps its modes between tests (the other viewport's run of this one
  // left them on): both off first, as the user would turn them.
  await turnOff(shuffle, repeat);
  const looks = async () => ({ shuffle: await looksOf(page, shuffle), repeat: await looksOf(page, repeat) });

  await withoutColour([shuffle, repeat]);
  const off = await looks();
  await page.emulateMedia({ forcedColors: 'active' });
  const forcedOff = await looks();
  await page.emulateMedia({ forcedColors: 'none' });

  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  await repeat.click();
  await expect(repeat).toHaveAttribute('data-repeat', 'context');
  await expect(player.locator('.player-card__toggle.is-on')).toHaveCount(2);

  // Each told apart (soft: a failure names every one that is not).
  const on = await looks();
  expect.soft(on.shuffle, 'Shuffle on, its colour taken away').not.toEqual(off.shuffle);
  expect.soft(on.repeat, 'Repeat on, its colour taken away').not.toEqual(off.repeat);
  await page.emulateMedia({ forcedColors: 'active' });
  const forcedOn = await looks();
  expect.soft(forcedOn.shuffle, 'Shuffle on, in forced colours').not.toEqual(forcedOff.shuffle);
  expect.soft(forcedOn.repeat, 'Repeat on, in forced colours').not.toEqual(forcedOff.repeat);
  await saveScreen(player, testInfo, 'toggles-on-forced-colors');
  await page.emulateMedia({ forcedColors: 'none' });

  // For a person to look at: on, in both themes' own colours.
  await withoutColour([shuffle, repeat], false);
  await saveScreen(player, testInfo, 'toggles-on-dark');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await saveScreen(player, testInfo, 'toggles-on-light');
  await turnOff(shuffle, repeat);
});

test("in forced colours the phone's bottom sheet keeps an edge and its handle: both are borders, which forced colours paint", { tag: '@phone-only' }, async ({ page, signIn }, testInfo: TestInfo) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/notification');
  await page.emulateMedia({ forcedColors: 'active' });
  await page.getByRole('button', { name: 'More options', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'More options' });
  await expect(sheet).toBeVisible();
  const drawn = await sheet.evaluate((panel) => {
    const edge = getComputedStyle(panel);
    const bar = getComputedStyle(panel.querySelector('.bottom-sheet__handle')!, '::before');
    return {
      edge: { style: edge.borderTopStyle, width: edge.borderTopWidth, sides: edge.borderLeftWidth },
      handle: { style: bar.borderTopStyle, width: parseFloat(bar.borderTopWidth) + parseFloat(bar.borderBottomWidth), height: bar.height },
    };
  });
  expect(drawn.edge).toEqual({ style: 'solid', width: '1px', sides: '1px' });
  // The bar is all border: forced colours replace its background with the sheet's.
  expect(drawn.handle).toEqual({ style: 'solid', width: 4, height: '4px' });
  await saveScreen(page, testInfo, 'bottom-sheet-forced-colors');
});
