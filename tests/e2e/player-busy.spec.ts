// A slow provider: the player's Play/Pause button says it is working while its call is on the
// wire (aria-busy, its icon breathing as a like's heart does), and a second press meanwhile sends
// no second call. The rules: player-rules.ts isPlayPauseBusy, stores/player.ts pausePlayback and
// stores/play.ts start (tests/unit/player-store.test.ts).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';
import { card, expectSound, isNarrow, provider, startPlaying } from './player-kit';

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

/** The provider takes this long to answer the pause and the play under test. */
const SLOW_MS = 3_000;

/** A press as this screen's user makes it (the phone's bar: a tap). */
async function press(page: Page, button: Locator): Promise<void> {
  if (isNarrow(page)) await button.tap();
  else await button.click();
}

/**
 * The same button pressed again at once: by the keyboard on wide screens, where it kept the
 * focus (a pointer cannot reach it while a play loads: the card's spinner covers the card).
 */
async function pressAgain(page: Page, button: Locator): Promise<void> {
  if (isNarrow(page)) return button.tap();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a slow Pause, then a slow Play: the button shows it is working, and a second press sends no second call', async ({ page, sandbox, signIn }, testInfo) => {
  await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  await sandbox.addFault([
    { match: { method: 'PUT', path: '^/v1/me/player/pause' }, delayMs: SLOW_MS },
    { match: { method: 'PUT', path: '^/v1/me/player/play' }, delayMs: SLOW_MS },
  ]);

  const pause = card(page).getByRole('button', { name: 'Pause', exact: true });
  await press(page, pause);
  await expect(pause).toHaveAttribute('aria-busy', 'true');
  // Still pressable (a disabled button would drop the keyboard's focus), and still Pause: the provider has not answered.
  await expect(pause).toBeEnabled();
  await saveScreen(page, testInfo, 'player-pausing');
  await pressAgain(page, pause);
  const play = card(page).getByRole('button', { name: 'Play', exact: true });
  await expect(play).toBeVisible({ timeout: SLOW_MS + 5_000 });
  await expect(play).not.toHaveAttribute('aria-busy', 'true');
  expect(await sandbox.faultHits(), 'pauses sent').toEqual([1, 0]);
  expect((await provider(page, sandbox))?.is_playing).toBe(false);

  await press(page, play);
  await expect(play).toHaveAttribute('aria-busy', 'true');
  await pressAgain(page, play);
  await expect(pause).toBeVisible({ timeout: SLOW_MS + 10_000 });
  await expect(pause).not.toHaveAttribute('aria-busy', 'true');
  await expectSound(page);
  expect(await sandbox.faultHits(), 'plays sent').toEqual([1, 1]);
});
