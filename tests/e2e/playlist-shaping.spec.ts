import type { Locator, Page } from '@playwright/test';
import { accessTokenOf } from './helpers/access-token';
import { providerGet } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';
import { expect, test } from './fixtures';
import { expectToastShown } from './helpers/toasts';
import { saveScreen } from './helpers/screens';
import { seriousViolations } from './helpers/axe';

// Playlists, faster to shape (issue 28): reordering the user's own playlist by its rows' menu
// (keyboard, both viewports) and by dragging (wide screens), each read back from the provider
// and kept through a reload; a track dragged onto a playlist in the side navigation; the filter
// of "Add to playlist". Each test makes its own playlists through the provider's API and
// changes the guest's library: it asks for `sandbox` (its worker's own, reset first).

/** A provider call with the page's own token (what the site's server would send). */
async function providerSend(page: Page, sandboxUrl: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await accessTokenOf(page);
  const response = await fetch(`${sandboxUrl}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Makes a playlist of the guest's holding `tracks` (ids), in that order; its id. */
async function makePlaylist(page: Page, sandboxUrl: string, name: string, tracks: string[] = []): Promise<string> {
  const { id } = (await providerSend(page, sandboxUrl, 'POST', 'me/playlists', { name })) as { id: string };
  if (tracks.length > 0) await providerSend(page, sandboxUrl, 'POST', `playlists/${id}/items`, { uris: tracks.map((t) => `spotify:track:${t}`) });
  return id;
}

/** Four tracks of the catalogue with names (the list shows only those). */
async function fourTracks(page: Page, sandboxUrl: string): Promise<string[]> {
  const found = await providerGet<{ tracks: { items: { id: string; name: string }[] } }>(page, sandboxUrl, 'search?q=a&type=track&limit=10');
  return found.tracks.items.filter((track) => track.name.trim() !== '').slice(0, 4).map((track) => track.id);
}

/** The playlist's track ids as the provider holds them. */
async function providerOrder(page: Page, sandboxUrl: string, id: string): Promise<string[]> {
  const body = await providerGet<{ items: { track: { id: string } | null; item?: { id: string } | null }[] }>(page, sandboxUrl, `playlists/${id}/items?limit=50`);
  return body.items.map((entry) => (entry.item ?? entry.track)!.id);
}

function playlistRows(page: Page): Locator {
  return page.getByRole('list', { name: /^Tracks of / }).locator('.track-row');
}

async function shownOrder(page: Page): Promise<(string | null)[]> {
  return playlistRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-track-id')));
}

/** The order as letters of `tracks` (a b c d), so a failure reads at a glance. */
const lettersOf = (tracks: string[]) => (ids: (string | null)[]) => ids.map((id) => 'abcd'[tracks.indexOf(id ?? '')] ?? '?').join('');

/** Opens the playlist page and waits until its rows answer: its island hydrates as the user's pointer comes. */
async function openPlaylist(page: Page, id: string): Promise<void> {
  await page.goto(`/playlist/${id}`);
  await expect(playlistRows(page).first()).toBeVisible();
  await actOnPage(page);
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
}

test('Move up and Move down in a row\'s menu, by keyboard alone, reorder the provider\'s playlist, and a reload keeps it', async ({ page, signIn, sandbox }, testInfo) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const tracks = await fourTracks(page, sandbox.url);
  const letters = lettersOf(tracks);
  const id = await makePlaylist(page, sandbox.url, 'Shaping by keyboard', tracks);
  await openPlaylist(page, id);
  expect(letters(await shownOrder(page))).toBe('abcd');
  if (testInfo.project.name === 'mobile') {
    // Phones: no dragging (a long press opens the row's menu).
    await expect(playlistRows(page).first()).not.toHaveAttribute('draggable');
  }

  // The third row's More button, then its menu by the keyboard: Move up.
  const more = (row: number) => playlistRows(page).nth(row).getByRole('button', { name: /^More options for / });
  await more(2).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Move down' })).toBeVisible();
  await saveScreen(page, testInfo, 'shaping-move-menu');
  for (let tries = 0; tries < 8 && !(await menu.getByRole('menuitem', { name: 'Move up' }).evaluate((item) => item === document.activeElement)); tries += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
  // The keyboard's item is ringed, not only tinted as under a pointer (issue 27: every focus stop visibly marked).
  expect(await menu.getByRole('menuitem', { name: 'Move up' }).evaluate((item) => `${getComputedStyle(item).outlineStyle} ${getComputedStyle(item).outlineWidth}`)).toBe('solid 2px');
  await page.keyboard.press('Enter');
  await expect.poll(async () => letters(await shownOrder(page))).toBe('acbd');
  await expect.poll(async () => letters(await providerOrder(page, sandbox.url, id))).toBe('acbd');
  // Where the row went is said (the shell's one announcer): a screen reader heard nothing else.
  const said = page.locator('#shell-announcer');
  await expect(said).toHaveText('Moved to position 2 of 4');
  // The focus stayed with the moved row: Move down from there takes it back and one further.
  await expect(more(1)).toBeFocused();
  await page.keyboard.press('Enter');
  for (let tries = 0; tries < 8 && !(await menu.getByRole('menuitem', { name: 'Move down' }).evaluate((item) => item === document.activeElement)); tries += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(async () => letters(await shownOrder(page))).toBe('abcd');
  await expect(said).toHaveText('Moved to position 3 of 4');
  // Moved down, the row's node moved in the page, which drops its focus: given back, on its More button.
  await expect(more(2)).toBeFocused();
  await more(2).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expect.poll(async () => letters(await shownOrder(page))).toBe('abdc');
  await expect.poll(async () => letters(await providerOrder(page, sandbox.url, id))).toBe('abdc');

  // The first row has no Move up, the last no Move down.
  await more(0).click();
  await expect(page.getByRole('menuitem', { name: 'Move down' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Move up' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // By the keyboard: the player card (the account's last track) floats over the last row's button.
  await more(3).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Move up' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Move down' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(playlistRows(page)).toHaveCount(4);
  expect(letters(await shownOrder(page))).toBe('abdc');

  // Remove from this playlist, by the keyboard: the row goes, focus stays in the list on the
  // More options of the row now in its place, and the removal is said.
  await actOnPage(page);
  await more(1).focus();
  await page.keyboard.press('Enter');
  for (let tries = 0; tries < 8 && !(await page.getByRole('menuitem', { name: 'Remove from this playlist' }).evaluate((item) => item === document.activeElement)); tries += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(async () => letters(await shownOrder(page))).toBe('adc');
  await expectToastShown(page, 'Removed from Shaping by keyboard');
  await expect(more(1)).toBeFocused();
});

test.describe('refused', () => {
  test.use({ allowErrors: /HTTP 403: PUT \S+\/items|status of 403/ });

  test('a refused move comes back, with the toast', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
    await sandbox.reset();
    await signIn(page, 'guest', { home: false });
    const tracks = await fourTracks(page, sandbox.url);
    const letters = lettersOf(tracks);
    const id = await makePlaylist(page, sandbox.url, 'Shaping refused', tracks);
    await openPlaylist(page, id);
    await sandbox.addFault({ match: { method: 'PUT', path: '/items$' }, status: 403, times: 1 });
    await playlistRows(page).nth(1).getByRole('button', { name: /^More options for / }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expectToastShown(page, 'Your playlist could not be changed');
    expect(letters(await shownOrder(page))).toBe('abcd');
    expect(letters(await providerOrder(page, sandbox.url, id))).toBe('abcd');
  });
});

test('dragging a row reorders the playlist (a line shows where it goes), and a reload keeps it', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }, testInfo) => {
  // On the desktop alone (@viewport-free): dragging is for wide screens.
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const tracks = await fourTracks(page, sandbox.url);
  const letters = lettersOf(tracks);
  const id = await makePlaylist(page, sandbox.url, 'Shaping by drag', tracks);
  await openPlaylist(page, id);
  const rows = playlistRows(page);
  await expect(rows.first()).toHaveAttribute('draggable', 'true');

  // The first row onto the lower half of the third: it goes after it.
  const from = (await rows.nth(0).boundingBox())!;
  const onto = (await rows.nth(2).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height * 0.75, { steps: 8 });
  await expect(page.locator('.track-list__item--dragged')).toHaveCount(1);
  await expect(page.locator('.track-list__item--dragged .track-row')).toHaveAttribute('data-track-id', tracks[0]!);
  await expect(page.locator('.track-list__item--drop-before .track-row')).toHaveAttribute('data-track-id', tracks[3]!);
  await saveScreen(page, testInfo, 'shaping-drag-reorder');
  await page.mouse.up();
  await expect.poll(async () => letters(await shownOrder(page))).toBe('bcad');
  await expect(page.locator('.track-list__item--dragged, .track-list__item--drop-before, .track-list__item--drop-after')).toHaveCount(0);
  await expect.poll(async () => letters(await providerOrder(page, sandbox.url, id))).toBe('bcad');

  // The last row to the very top.
  await rows.nth(3).dragTo(rows.nth(0), { targetPosition: { x: 40, y: 4 } });
  await expect.poll(async () => letters(await shownOrder(page))).toBe('dbca');
  await expect.poll(async () => letters(await providerOrder(page, sandbox.url, id))).toBe('dbca');

  await page.reload();
  await expect(rows).toHaveCount(4);
  expect(letters(await shownOrder(page))).toBe('dbca');
});

test('a track row dragged onto one of your playlists in the side navigation is added to it', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }, testInfo) => {
  // On the desktop alone (@viewport-free): dragging is for wide screens.
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const name = 'Shaping drop target';
  const id = await makePlaylist(page, sandbox.url, name);
  await page.goto('/search/track/Sol');
  const row = page.locator('.track-row').first();
  await actOnPage(page);
  await expect(row).toHaveAttribute('draggable', 'true');
  const trackId = (await row.getAttribute('data-track-id'))!;

  // As the drag starts the side navigation lists the playlists (their covers), and opens once the drag is inside.
  const box = (await row.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 4 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const target = nav.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(target).toBeVisible();
  const width = () => nav.evaluate((element) => element.getBoundingClientRect().width);
  expect(await width()).toBe(80);
  const onto = (await target.boundingBox())!;
  await page.mouse.move(onto.x + 20, onto.y + onto.height / 2, { steps: 8 });
  await expect(target).toHaveClass(/side-nav-playlists__link--over/);
  await expect.poll(width).toBe(250);
  await saveScreen(page, testInfo, 'shaping-drag-onto-playlist');
  await page.mouse.up();
  await expectToastShown(page, `Added to ${name}`);
  await expect(target).toContainText('1 song');
  expect(await providerOrder(page, sandbox.url, id)).toEqual([trackId]);
  await expect(target).not.toHaveClass(/side-nav-playlists__link--over/);

  // The playing track, by the player card's cover.
  await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
  const second = page.locator('.track-row').nth(1);
  const secondId = (await second.getAttribute('data-track-id'))!;
  await second.getByRole('button', { name: /^Play / }).click();
  const cover = page.getByRole('region', { name: 'Player' }).locator('.player-card__cover');
  await expect(cover).toHaveAttribute('draggable', 'true');
  await cover.dragTo(target);
  await expect(target).toContainText('2 songs');
  await expect.poll(() => providerOrder(page, sandbox.url, id)).toEqual([trackId, secondId]);

  // Opened by the pointer, the list reads well (names, contrast) and is a list of links.
  await nav.hover();
  await expect.poll(width).toBe(250);
  await expect(nav.getByRole('heading', { name: 'Your playlists' })).toBeVisible();
  expect(await seriousViolations(page, 'side navigation', { within: '.side-nav' })).toEqual([]);
});

test('"Add to playlist" filters your playlists once you have more than a few, by keyboard', async ({ page, signIn, sandbox }, testInfo) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  // The guest owns four playlists; with three more the picker gets its filter box.
  for (const name of ['Shaping Alpha', 'Shaping Beta', 'Late Night Café']) await makePlaylist(page, sandbox.url, name);
  await page.goto('/search/track/Sol');
  const row = page.locator('.track-row').first();
  const trackId = (await row.getAttribute('data-track-id'))!;
  const more = row.getByRole('button', { name: /^More options for / });
  // A click before the row's island has hydrated waits for it (hydrate-on-intent.ts).
  await more.click();
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to playlist' });
  const filter = picker.getByRole('searchbox', { name: 'Filter your playlists' });
  await expect(filter).toBeFocused();
  const playlists = picker.getByRole('list', { name: 'Your playlists' }).getByRole('button');
  await expect(playlists).toHaveCount(8); // New playlist and seven of the guest's

  await page.keyboard.type('cafe');
  await expect(playlists).toHaveCount(2);
  await expect(playlists.nth(1)).toHaveText('Late Night Café');
  await saveScreen(page, testInfo, 'shaping-picker-filter');
  expect(await seriousViolations(page, 'dialog', { within: '.dialog' })).toEqual([]);
  await page.keyboard.type('x');
  await expect(picker.getByText('No playlist matches "cafex"')).toBeVisible();
  await page.keyboard.press('Backspace');
  // Arrow down reaches the list; Enter in the box adds to the first match.
  await page.keyboard.press('ArrowDown');
  await expect(playlists.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(filter).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToastShown(page, 'Added to Late Night Café');
  await expect(picker).toBeHidden();
  const made = await providerGet<{ items: { id: string; name: string }[] }>(page, sandbox.url, 'me/playlists?limit=50');
  const cafe = made.items.find((playlist) => playlist.name === 'Late Night Café')!;
  expect(await providerOrder(page, sandbox.url, cafe.id)).toEqual([trackId]);
});
