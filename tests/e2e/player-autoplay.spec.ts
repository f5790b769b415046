// The player with Chromium's autoplay policy on: sound may only start from a click.
// Its own file, because launch options need their own worker.
import { expect, test } from './fixtures';
import { chromiumArgs, chromiumPath } from './helpers/chromium';
import { aTrendingRow, audio, card, expectSound, INSTRUMENTS, provider, type Instrumented } from './player-kit';

test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [...chromiumArgs.filter((arg) => !arg.startsWith('--autoplay-policy')), '--autoplay-policy=user-gesture-required'],
  },
});

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

test('a click on a track on home starts the sound: the SDK is activated inside the click', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  // On the desktop alone (@viewport-free): the autoplay rule is the browser's, not the layout's: the desktop run proves it.
  await page.addInitScript(INSTRUMENTS);
  await signIn(page);
  await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
  const { row, name } = await aTrendingRow(page);
  expect(await page.evaluate(() => (window as unknown as Instrumented).__plays)).toEqual([]);
  await row.getByRole('button', { name: /^Play / }).click();
  await expect(card(page).getByText(name, { exact: true })).toBeVisible();
  // The sound runs: the SDK's audio element is not paused and its currentTime advances.
  await expectSound(page);
  await expect(card(page).getByText('Press play to start the sound')).toBeHidden();
  await expect(row).toHaveAttribute('aria-current', 'true');
  // What unlocked the element: its first play() ran inside the click (activateElement), before any state came.
  const plays = await page.evaluate(() => (window as unknown as Instrumented).__plays);
  expect(plays[0]).toEqual({ active: true, during: 'click' });
  expect((await provider(page, sandbox))!.is_playing).toBe(true);
  // Pause and resume from the card: the element stays unlocked.
  await card(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  await card(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectSound(page);
});
