// A play the provider refuses over a card that shows a track: the card stays with that track, so
// the user can press Play again (docs/ARCHITECTURE.md, "A failed start puts the card back").
// The card's rule is player-rules.ts withPlayFailed (tests/unit/player-rules.test.ts).
import type { Page } from '@playwright/test';
import { expect, test, type SandboxControl, type SandboxFault, type SignIn } from './fixtures';
import { expectToastShown } from './helpers/toasts';
import { card, expectSound, isNarrow, provider, startPlaying } from './player-kit';

test.use({ allowErrors: true });

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

const PLAY_PATH = '^/v1/me/player/play';

/** Presses a button of the card (the phone's bar: a tap). */
async function press(page: Page, name: string): Promise<void> {
  const button = card(page).getByRole('button', { name, exact: true });
  if (isNarrow(page)) await button.tap();
  else await button.click();
}

const refusals: { name: string; fault: SandboxFault; told: (page: Page) => Promise<void> }[] = [
  {
    name: 'a 503',
    fault: { match: { method: 'PUT', path: PLAY_PATH }, status: 503, body: { error: { status: 503, message: 'Player is resting' } }, times: 1 },
    told: (page) => expectToastShown(page, 'Player is resting'),
  },
  {
    name: 'a 429 with Retry-After',
    fault: { match: { method: 'PUT', path: PLAY_PATH }, status: 429, headers: { 'Retry-After': '3' }, body: { error: { status: 429 } }, times: 1 },
    // Issue 28: a rate limit counts down in the top bar rather than a toast.
    told: (page) => expect(page.getByRole('status').filter({ hasText: 'Slowed down' }).first()).toBeVisible(),
  },
];

/** Play on the paused card meets `fault`: the user is told, and the card keeps the paused track; Play again plays it. */
async function resumeRefused(page: Page, sandbox: SandboxControl, signIn: SignIn, fault: SandboxFault, told: (page: Page) => Promise<void>): Promise<void> {
  const album = await startPlaying(page, sandbox, signIn);
  const name = album.tracks[0]!.name;
  await expectSound(page);
  await press(page, 'Pause');
  await expect.poll(async () => (await provider(page, sandbox))?.is_playing).toBe(false);
  await sandbox.addFault(fault);
  await press(page, 'Play');
  await expect.poll(() => sandbox.faultHits()).toEqual([1]);
  await told(page);
  // The card hid within 0.7 s of the refusal: give it well over that.
  await page.waitForTimeout(1_500);
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText(name, { exact: true })).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  // The provider still holds the track, paused: Play again resumes it.
  expect(await provider(page, sandbox)).toMatchObject({ is_playing: false, item: { id: album.tracks[0]!.id } });
  await press(page, 'Play');
  await expectSound(page);
  expect(await provider(page, sandbox)).toMatchObject({ is_playing: true, item: { id: album.tracks[0]!.id } });
}

for (const { name, fault, told } of refusals) {
  test(`${name} on Play over the paused card keeps the card with its track; Play again resumes it`, { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
    await resumeRefused(page, sandbox, signIn, fault, told);
  });
}

test('on a phone, a refused Play over the paused track keeps the player bar with that track', { tag: '@phone-only' }, async ({ page, sandbox, signIn }) => {
  await resumeRefused(page, sandbox, signIn, refusals[0]!.fault, refusals[0]!.told);
});
