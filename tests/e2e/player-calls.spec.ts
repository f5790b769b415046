// The free account's player, counted at the sandbox (its faults count every matching call, the
// server's as well as the browser's) and at the console: a page load reads the playback once,
// a refusal the Premium prompt answers is no console error, and nothing is said to play.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { card, expectSound, isNarrow, startPlaying } from './player-kit';

// The free account's SDK gets no device (403), and its commands are refused (403 PREMIUM_REQUIRED):
// both expected, checked below as they come.
test.use({ allowErrors: /\b403\b/ });

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

/** Resolves once the page's SDK said the account cannot play here (a free account's `account_error`). */
function accountErrorSeen(page: Page): Promise<ConsoleMessage> {
  return page.waitForEvent('console', { predicate: (message) => message.type() === 'warning' && message.text().includes('account_error'), timeout: 20_000 });
}

/** The page's own console errors (the browser's line for a refused request aside, which allowErrors covers). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

const playbackRead = { method: 'GET', path: '^/v1/me/player(\\?.*)?$' };
const lastPlayedRead = { method: 'GET', path: '^/v1/me/player/recently-played\\?limit=1$' };

test("the free account's page load reads the playback once, the server's reading: the SDK's account error asks nothing again", async ({ page, sandbox, signIn }) => {
  await signIn(page, 'free', { home: false });
  const queueRead = { method: 'GET', path: '^/v1/me/player/queue' };
  await sandbox.addFault([{ match: playbackRead }, { match: lastPlayedRead }, { match: queueRead }]);
  const refused = accountErrorSeen(page);
  await page.goto(isNarrow(page) ? '/player' : '/');
  await refused;
  // Time for what the account error might start (its reads came within a round trip).
  await page.waitForTimeout(1_500);
  // The server waits for its reading a moment only (layouts/PlayerSlot.astro): on a machine busy
  // enough to miss it, the page comes without it, and the browser reads for itself, by design.
  const seeded = await page.evaluate(() => JSON.parse(document.getElementById('playing-now')?.textContent || 'null') !== null);
  test.skip(!seeded, "the server's reading came after the page");
  expect(await sandbox.faultHits()).toEqual([1, 1, isNarrow(page) ? 1 : 0]);
});

test('the free account: Play, Space, a seek and a volume step open the Premium prompt, and nothing of it is a console error or said to play', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  const errors = consoleErrors(page);
  const refused = accountErrorSeen(page);
  await signIn(page, 'free');
  await refused;
  // The card shows the last played track, paused at its start: the live region names nothing.
  const player = card(page);
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  await expect(page.locator('[data-now-playing]')).toHaveText('');
  const dialog = page.getByRole('dialog', { name: 'Premium Required' });
  const closePrompt = async () => {
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await closePrompt();
  await expect(page.locator('[data-now-playing]')).toHaveText('');
  // The prompt's reset hid the card: the next page load shows the last played track again.
  await page.reload();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  await page.locator('body').press(' ');
  await closePrompt();
  await page.reload();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  const seek = player.getByRole('slider', { name: 'Seek' });
  await seek.focus();
  await seek.press('ArrowRight');
  await closePrompt();
  await page.locator('body').press('Shift+ArrowUp');
  await closePrompt();
  expect(errors).toEqual([]);
});

test.describe('a command the SDK reports too', () => {
  test.use({ allowErrors: false });

  test('Next and Previous each read the playback once after the provider took them', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
    const album = await startPlaying(page, sandbox, signIn);
    await expectSound(page);
    // The play's own reading settled: from here on, only the commands' count.
    await page.waitForTimeout(1_000);
    const player = card(page);
    for (const [button, track] of [['Next', album.tracks[1]!], ['Previous', album.tracks[0]!]] as const) {
      await sandbox.clearFaults();
      await sandbox.addFault({ match: playbackRead });
      await player.getByRole('button', { name: button, exact: true }).click();
      await expect(player.getByText(track.name, { exact: true })).toBeVisible();
      // Time for a second reading (the SDK's report of the new track asked one within a round trip).
      await page.waitForTimeout(1_500);
      expect(await sandbox.faultHits(), button).toEqual([1]);
    }
  });
});
