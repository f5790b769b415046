import { REMOVED_CALLS_ANSWERS } from './helpers/development';
import { expect, RESTART_PROBLEMS, test } from './fixtures';
import { expectToastShown } from './helpers/toasts';

// Playlists the user makes against a provider in development mode (DESIGN §2): the same
// flow on the 2026 calls, kept lean (the whole walk runs in playlists.spec.ts).
test.use({ allowErrors: new RegExp(`${REMOVED_CALLS_ANSWERS.source}|${RESTART_PROBLEMS.source}`) });

test('create from the tile, add a liked song, see it after a reload and a sandbox restart, rename, remove it and the playlist', async ({ page, signIn, sandbox }) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  await page.goto('/collection');
  await page.getByRole('button', { name: 'Create Playlist', exact: true }).click();
  const name = 'My Playlist #5';
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const playlistPath = new URL(page.url()).pathname;

  await page.goto('/collection/tracks');
  const row = page.locator('.track-row').first();
  const id = await row.getAttribute('data-track-id');
  await row.getByRole('button', { name: /^More options for / }).click();
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await page.getByRole('dialog', { name: 'Add to playlist' }).getByRole('button', { name }).click();
  await expectToastShown(page, `Added to ${name}`);

  // Loaded whole: the server renders what the provider kept.
  await page.goto(playlistPath);
  const rows = page.getByRole('list', { name: /^Tracks of / }).locator('.track-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-track-id', id!);
  // And after the sandbox's process restarts on the same data.
  await sandbox.restart(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-track-id', id!);

  await page.getByRole('button', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  await dialog.getByLabel(/^Name/).fill('Dev Mode Mix');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dev Mode Mix' })).toBeVisible();

  await rows.first().getByRole('button', { name: /^More options for / }).click();
  await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  await expect(rows).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove from Your Library' }).click();
  await page.getByRole('alertdialog', { name: 'Remove from Your Library?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/collection$/);
  await expect(page.locator('.card').filter({ hasText: 'Road Trip' })).toBeVisible();
  await expect(page.locator('.card').filter({ hasText: 'Dev Mode Mix' })).toHaveCount(0);
});
