import { expect, test } from './fixtures';
import { card, expectSound, startPlaying } from './player-kit';

/** 'm:ss' in seconds. */
const secondsOf = (text: string) => {
  const [minutes = 0, seconds = 0] = text.trim().split(':').map(Number);
  return minutes * 60 + seconds;
};

// The card's elapsed time ticks on this tab's clock; a pause brings the provider's position, measured on
// its own. Shown as said, the time stepped back a second (0:42, then 0:41): player-rules.ts withTick and
// progressReported. The rules are tested to the millisecond in tests/unit/player-rules.test.ts; here the
// real SDK, audio and timer meet, at a few moments of the second.
test('Pause never takes the elapsed time back', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  await startPlaying(page, sandbox, signIn);
  const player = card(page);
  const play = player.getByRole('button', { name: 'Play', exact: true });
  const seen: [number, number][] = [];
  for (let round = 0; round < 5; round++) {
    await expectSound(page);
    await page.waitForTimeout(1_100 + round * 230);
    // The time as the click finds it, read in the same task as the click.
    const before = await player.evaluate((region) => {
      const shown = region.querySelector('[aria-label="Elapsed"]')?.textContent ?? '';
      region.querySelector<HTMLButtonElement>('button[aria-label="Pause"]')!.click();
      return shown;
    });
    await expect(play).toBeVisible();
    // The SDK's paused state and its position come a moment after the press.
    await page.waitForTimeout(600);
    seen.push([secondsOf(before), secondsOf((await player.getByLabel('Elapsed', { exact: true }).textContent()) ?? '')]);
    await play.click();
  }
  for (const [before, after] of seen) expect(after, `the times before and after each pause: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(before);
});
