// Where the keyboard is around the player card: on its Seek slider (whose arrows, with Shift too,
// are its own) and as the card hides for the mini player and comes back (WCAG 2.4.3).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { card, expectSound, provider, startPlaying } from './player-kit';

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

test('Shift with the arrows on the Seek slider seeks, as the arrows do: it neither skips the track nor changes the volume', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  const playing = (await provider(page, sandbox))!;
  const seek = card(page).getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  await seek.focus();
  const before = Number(await seek.inputValue());
  for (const key of ['Shift+ArrowRight', 'Shift+ArrowRight', 'Shift+ArrowUp']) await page.keyboard.press(key);
  // The browser stepped the slider: nothing took the keys from it.
  await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThan(before);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowDown');
  // Long enough for a Next or Previous to have reached the provider.
  await page.waitForTimeout(1_500);
  expect((await provider(page, sandbox))!.item.id).toBe(playing.item.id);
  // The volume shortcut says what it set (shortcuts.ts): it said nothing.
  await expect(page.locator('#shell-announcer')).toHaveText('');
});

/** Opens the mini player with the key or click `act` does, and gives its window. */
async function openMini(page: Page, act: () => Promise<void>): Promise<Page> {
  const [mini] = await Promise.all([page.context().waitForEvent('page'), act()]);
  await expect(mini.getByRole('main', { name: 'Mini player' })).toBeVisible();
  await expect(card(page)).toBeHidden();
  return mini;
}

/** Closes the mini player with `act` (the window goes within the click, whose reply may never come) and waits for the card. */
async function closeMini(page: Page, mini: Page, act: () => Promise<void>): Promise<void> {
  const closed = mini.waitForEvent('close');
  await act().catch((error: Error) => {
    if (!mini.isClosed()) throw error;
  });
  await closed;
  await expect(card(page)).toBeVisible();
}

test('the mini player takes the keyboard to the page as the card hides, and back to its button as the card comes back, unless the user went elsewhere', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  const button = card(page).getByRole('button', { name: 'Open mini player' });
  const content = page.locator('#content');

  // From the keyboard: the focus on the button, Enter.
  await button.focus();
  let mini = await openMini(page, () => page.keyboard.press('Enter'));
  // Where the card's Close sends it, not the document, where the next Tab starts over.
  await expect(content).toBeFocused();
  await closeMini(page, mini, () => mini.getByRole('button', { name: 'Back to the player card' }).click());
  await expect(button).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('link', { name: 'Open Now Playing' })).toBeFocused();

  // The window's own close does the same.
  mini = await openMini(page, () => button.click());
  await expect(content).toBeFocused();
  await closeMini(page, mini, () => mini.close());
  await expect(button).toBeFocused();

  // A control the user went to meanwhile keeps the focus.
  mini = await openMini(page, () => button.click());
  const search = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search', exact: true });
  await search.focus();
  await closeMini(page, mini, () => mini.close());
  await expect(search).toBeFocused();
});
