// The command palette (issue 28) in a real Chromium on both viewports, by keyboard alone:
// Ctrl+K opens it (in the search box too), typing finds a page and Enter opens it, an action
// runs (the theme; play and pause once something plays), three characters find a track that
// Enter plays (the player card shows it). On a phone it also opens from the bottom sheet.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPaletteByKey, palette, paletteField, paletteReady } from './helpers/palette';
import { saveScreen } from './helpers/screens';
import { seriousViolations } from './helpers/axe';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { card, INSTRUMENTS, provider } from './player-kit';

const options = (page: Page) => palette(page).getByRole('option');
const highlighted = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

/** The highlighted option is the one the field names as its active descendant (the ARIA combobox pattern). */
async function expectHighlighted(page: Page, label: string | RegExp): Promise<void> {
  await expect(highlighted(page)).toHaveCount(1);
  await expect(highlighted(page)).toContainText(label);
  const id = await highlighted(page).getAttribute('id');
  await expect(paletteField(page)).toHaveAttribute('aria-activedescendant', id!);
}

test('finds a page by keyboard alone and opens it; Escape gives focus back to the search box', { tag: '@viewport-free' }, async ({ page, signIn }, testInfo) => {
  await signIn(page);
  await paletteReady(page);

  if (testInfo.project.name === 'desktop') {
    // From the top bar's search box (focusing it opens /search): the key works there too.
    await page.getByRole('searchbox', { name: 'Search' }).click();
    await page.waitForURL('**/search');
    // The router's swap is over (the URL changes before it): the palette opens on the page it closes on.
    await expect(page.getByRole('heading', { name: 'Browse All' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await openPaletteByKey(page);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  }

  await openPaletteByKey(page);
  await expect(paletteField(page)).toHaveAttribute('aria-expanded', 'true');
  const listId = await paletteField(page).getAttribute('aria-controls');
  await expect(page.locator(`[id="${listId}"][role="listbox"]`)).toBeVisible();
  // With nothing typed: the pages, then the actions; the first is highlighted.
  await expect(palette(page).getByRole('group', { name: 'Pages' }).getByRole('option')).toHaveText(['Home', 'Search', 'Your Library', 'Liked Songs', 'Profile']);
  await expectHighlighted(page, 'Home');
  await saveScreen(page, testInfo, 'palette-open');
  expect((await seriousViolations(page, 'the open palette')).join('\n')).toBe('');

  // Initials find Your Library; Up wraps to the last option, Home comes back, End goes to the last.
  await page.keyboard.type('yl');
  await expectHighlighted(page, 'Your Library');
  const count = await options(page).count();
  await page.keyboard.press('ArrowUp');
  await expect(options(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expectHighlighted(page, 'Your Library');
  await page.keyboard.press('End');
  await expect(options(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expectHighlighted(page, 'Your Library');
  await saveScreen(page, testInfo, 'palette-pages');

  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/collection');
  await expect(palette(page)).toBeHidden();
  await expect(page.locator('#content').getByRole('link', { name: /Liked Songs/ }).first()).toBeVisible();
  // The palette opens again, empty, after the page changed.
  await openPaletteByKey(page);
  await expect(paletteField(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  // Focus was nowhere on this new page: none is given back (not to the top bar's search box, whose focus opens /search).
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)).not.toBe('Search');
  expect(new URL(page.url()).pathname).toBe('/collection');

  // The '?' sheet lists the key.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByText('Ctrl + K', { exact: true })).toBeVisible();
  await expect(sheet.getByText(/^Command palette/)).toBeVisible();
  await saveScreen(page, testInfo, 'palette-shortcuts-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('runs an action by keyboard: the theme switches and back', { tag: '@viewport-free' }, async ({ page, signIn }, testInfo) => {
  await signIn(page);
  await paletteReady(page);
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const before = await theme();
  const other = before === 'light' ? 'dark' : 'light';

  await openPaletteByKey(page);
  await page.keyboard.type('theme');
  await expectHighlighted(page, `Switch to ${other} theme`);
  await saveScreen(page, testInfo, 'palette-action');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect.poll(theme).toBe(other);
  expect(await page.evaluate(() => localStorage.getItem('THEME_MODE_VALUE'))).toBe(JSON.stringify(other));

  // Its name follows the theme: the next one switches back.
  await openPaletteByKey(page);
  await page.keyboard.type('theme');
  await expectHighlighted(page, `Switch to ${before} theme`);
  await saveScreen(page, testInfo, `palette-action-${other}`);
  expect((await seriousViolations(page, `the open palette (${other})`, { coloursOnly: true })).join('\n')).toBe('');
  await page.keyboard.press('Enter');
  await expect.poll(theme).toBe(before);
});

test('three characters find a track that Enter plays; then the palette pauses it', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }, testInfo) => {
  test.setTimeout(90_000);
  await sandbox.reset();
  await page.addInitScript(INSTRUMENTS);
  await signIn(page);
  await paletteReady(page);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('DEVICE_ID') ?? 'null') as string | null);
  // (With no track in the card the player's actions are not offered: tests/unit/palette-options.test.ts.
  // Here the card may show the account's last played track, which every tab now catches up with.)

  // A track of the catalogue with a plain name, typed whole.
  const found = await providerGet<{ tracks: { items: { id: string; name: string }[] } }>(page, sandbox.url, 'search?q=a&type=track&limit=50');
  const tracks = found.tracks.items;
  const track = tracks.find((item) => /^[A-Za-z][A-Za-z ]{4,30}$/.test(item.name))!;
  expect(track, 'a track with a plain name').toBeDefined();

  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/search') searched.push(url.searchParams.get('q') ?? '');
  });
  await openPaletteByKey(page);
  // Two characters search nothing, however long the typing pauses (past the palette's 200 ms).
  await page.keyboard.type(track.name.slice(0, 2));
  await page.waitForTimeout(600);
  await expect(palette(page).getByRole('group', { name: 'Songs' })).toHaveCount(0);
  await page.keyboard.type(track.name.slice(2));
  const songs = palette(page).getByRole('group', { name: 'Songs' }).getByRole('option');
  await expect(songs.filter({ hasText: track.name }).first()).toBeVisible();
  expect(searched).not.toContain(track.name.slice(0, 2));
  await saveScreen(page, testInfo, 'palette-search');
  // By keyboard: Down until the song is highlighted.
  const all = await options(page).allTextContents();
  const at = all.findIndex((text) => text.startsWith(track.name));
  expect(at).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let step = 0; step < at; step++) await page.keyboard.press('ArrowDown');
  await expectHighlighted(page, track.name);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(card(page).getByText(track.name, { exact: true })).toBeVisible();
  await expect.poll(async () => (await provider(page, sandbox))?.item.id).toBe(track.id);
  await expect.poll(async () => (await provider(page, sandbox))?.is_playing).toBe(true);

  // Once it plays, play or pause is offered, named for what it does; Next as the card's button
  // allows it (one track played alone has nothing next: the provider disallows skipping).
  await openPaletteByKey(page);
  await expect(palette(page).getByRole('option', { name: 'Pause' })).toBeVisible();
  const nextAllowed = await card(page).getByRole('button', { name: 'Next', exact: true }).isEnabled();
  await expect(palette(page).getByRole('option', { name: 'Next track' })).toHaveCount(nextAllowed ? 1 : 0);
  await saveScreen(page, testInfo, 'palette-playing-actions');
  await page.keyboard.type('pause');
  await expectHighlighted(page, 'Pause');
  await saveScreen(page, testInfo, 'palette-playing');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await provider(page, sandbox))?.is_playing).toBe(false);
  await expect(card(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // The mini-player opens from the palette too (the key press is the user's gesture the browser wants).
  await openPaletteByKey(page);
  await page.keyboard.type('mini');
  await expectHighlighted(page, 'Open the mini-player');
  const [mini] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(mini.getByRole('main', { name: 'Mini player' }).getByText(track.name, { exact: true })).toBeVisible();
  await expect(card(page)).toBeHidden();
  const closed = mini.waitForEvent('close');
  await mini.getByRole('button', { name: 'Back to the player card' }).click().catch((error: Error) => {
    if (!mini.isClosed()) throw error;
  });
  await closed;
  await expect(card(page).getByText(track.name, { exact: true })).toBeVisible();
});

test('on a phone the bottom sheet opens the palette, and a tap chooses', { tag: '@phone-only' }, async ({ page, signIn }, testInfo) => {
  // On the phone alone (@phone-only): the bottom sheet is the narrow screen's.
  await signIn(page);
  await paletteReady(page);
  const more = page.getByRole('button', { name: 'More options', exact: true });
  await more.click();
  await expect(page.getByRole('dialog', { name: 'More options' }).getByRole('button', { name: 'Command palette' })).toBeVisible();
  await saveScreen(page, testInfo, 'palette-bottom-sheet');
  await page.getByRole('dialog', { name: 'More options' }).getByRole('button', { name: 'Command palette' }).click();
  await expect(palette(page)).toBeVisible();
  await expect(paletteField(page)).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'More options' })).toBeHidden();
  await saveScreen(page, testInfo, 'palette-from-sheet');
  // Its Close button (no Escape key on a phone) gives focus back to the sheet's button.
  await palette(page).getByRole('button', { name: 'Close' }).click();
  await expect(palette(page)).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await page.getByRole('dialog', { name: 'More options' }).getByRole('button', { name: 'Command palette' }).click();
  await paletteField(page).fill('liked');
  await palette(page).getByRole('option', { name: 'Liked Songs' }).click();
  await page.waitForURL((url) => url.pathname === '/collection/tracks');
  await expect(palette(page)).toBeHidden();
});

test('does not open under the image preview (a native modal dialog, above every layer of the page); Escape closes it wherever focus is', { tag: '@viewport-free' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page);
  const [album] = await searchCatalogue(page, sandboxUrl, 'album');
  await page.goto(`/album/${album!.id}`);
  await paletteReady(page);
  // The palette's chunk is loaded: a palette that would open shows at once below.
  await openPaletteByKey(page);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  const cover = page.getByRole('button', { name: /^Show the picture of / });
  await cover.click();
  const preview = page.getByRole('dialog', { name: 'Image preview' });
  const close = preview.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeFocused();
  await page.keyboard.press('Control+k');
  // Nothing opens under the preview: focus stays on its Close, and nothing waits behind it.
  await page.waitForTimeout(500);
  await expect(palette(page)).toHaveCount(0);
  await expect(close).toBeFocused();
  await close.press('Enter');
  await expect(preview).toBeHidden();
  await expect(cover).toBeFocused();
  await expect(palette(page)).toHaveCount(0);

  // Open, with focus put back on the page behind it (a layer closing gives focus back there):
  // its Escape is still its own.
  await openPaletteByKey(page);
  await cover.evaluate((element: HTMLElement) => element.focus());
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});
