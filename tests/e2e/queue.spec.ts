// The queue, device switching and the mini-player against the sandbox in a real
// Chromium: "Add to queue" from a playlist row while an album plays, the queue
// panel, the track after it (GET me/player agrees); a second page signed in as the
// guest is a second device; the Document Picture-in-Picture window opened by a click.
// Every test moves the guest's one playback, on its worker's own sandbox.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToastShown } from './helpers/toasts';
import { saveScreen } from './helpers/screens';
import { audio, card, expectSound, INSTRUMENTS, isNarrow, openNowPlaying, playerStatusLine, provider, startPlaying, webApi, type Instrumented } from './player-kit';

/** The track row's More menu, opened as a user of this screen size would (a right click works on both). */
async function addToQueueFrom(page: Page, row: Locator, name: string) {
  // The page is server-rendered: a right click before the rows' island has hydrated waits for it (hydrate-on-intent.ts).
  await row.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Options for ${name}` });
  await menu.getByRole('menuitem', { name: 'Add to queue' }).click();
}

/** A playlist page reached in the app (a full load would start a new device): Your Library, then its first playlist. */
async function openAPlaylist(page: Page) {
  await page.locator('a[href="/collection"]:visible').first().click();
  await page.waitForURL(/\/collection$/);
  // Away from the side navigation, which widens over the page under the pointer.
  await page.mouse.move(700, 400);
  await page.locator('#content a[href^="/playlist/"]').first().click();
  await page.waitForURL(/\/playlist\//);
  await expect(page.locator('#content').getByText(/^playlist$/i).first()).toBeVisible();
}

const audioSource = (page: Page) => page.evaluate(() => (window as unknown as Instrumented).__audios[0]?.src ?? '');

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

test('add to queue from a playlist while an album plays, move playback to a second page and back, and the mini-player', async ({ page, sandbox, signIn }, testInfo) => {
  test.setTimeout(120_000);
  const album = await startPlaying(page, sandbox, signIn);
  await expectSound(page);

  await openAPlaylist(page);
  const row = page.locator('#content [data-track-id]').first();
  const added = { id: (await row.getAttribute('data-track-id'))!, name: (await row.locator('.track-row__title').textContent())! };
  await addToQueueFrom(page, row, added.name);
  await expectToastShown(page, 'Added to queue');

  // The panel: Now playing, then the added track first in Next up, then the album. A phone's
  // bar has no Queue button: the Now Playing view it opens holds the queue, open.
  if (isNarrow(page)) await openNowPlaying(page);
  else await card(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Queue' });
  await expect(panel.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  const nextUp = panel.getByRole('list', { name: 'Next up' }).getByRole('listitem');
  await expect(nextUp.first()).toContainText(added.name);
  await expect(nextUp.nth(1)).toContainText(album.tracks[1]!.name);
  await expect(panel.locator('img').first()).toBeVisible();
  // Its artists are links as quiet as every other list's: no underline until reached.
  expect(await nextUp.first().locator('a').first().evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('none');
  await saveScreen(page, testInfo, 'queue-panel');
  if (!isNarrow(page)) {
    // The button names the panel it opened, and the keyboard goes with it into the panel, which
    // stands last in the page, after the card; Escape brings it back to the button.
    const queueButton = card(page).getByRole('button', { name: 'Queue', exact: true });
    await expect(queueButton).toHaveAttribute('aria-controls', 'queue-panel');
    await expect(panel).toHaveAttribute('id', 'queue-panel');
    await expect(panel).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(queueButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeFocused();
  }

  // Next plays it: the card, the provider and the audio element agree; the open panel follows.
  await card(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(card(page).getByText(added.name, { exact: true })).toBeVisible();
  expect((await provider(page, sandbox))!.item.id).toBe(added.id);
  await expect.poll(() => audioSource(page)).toContain(added.id);
  await expectSound(page);
  await expect(nextUp.first()).toContainText(album.tracks[1]!.name);
  await page.keyboard.press('q');
  await expect(panel).toBeHidden();

  if (testInfo.project.name === 'desktop') {
    // Page B, the same guest in another tab, is a second device: the card there shows A's music.
    const pageB = await page.context().newPage();
    await pageB.addInitScript(INSTRUMENTS);
    await pageB.goto('/player');
    await expect(card(pageB).getByText(added.name, { exact: true })).toBeVisible();
    await expect(playerStatusLine(pageB)).toHaveText('Playing on My Music');
    await card(pageB).getByRole('button', { name: 'Devices', exact: true }).click();
    const picker = card(pageB).getByRole('dialog', { name: 'Devices' });
    await expect(picker.getByRole('button')).toHaveCount(2);
    await expect(picker.locator('[aria-current="true"]')).toContainText('Playing');
    await saveScreen(pageB, testInfo, 'queue-devices');
    await picker.getByRole('button', { name: /this browser/ }).click();
    // The audio moves: B's element advances, A's pauses; A's card shows B playing and can pause it.
    await expectSound(pageB);
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    await expect(picker.locator('[aria-current="true"]')).toContainText('this browser');
    await expect(playerStatusLine(page)).toHaveText('Playing on My Music');
    await expect(card(page).getByText(added.name, { exact: true })).toBeVisible();
    await card(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(async () => (await audio(pageB))?.paused).toBe(true);
    expect((await provider(page, sandbox))!.is_playing).toBe(false);
    await card(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expectSound(pageB);
    // A takes it back through its own picker, still playing.
    await card(page).getByRole('button', { name: 'Devices', exact: true }).click();
    await card(page).getByRole('dialog', { name: 'Devices' }).getByRole('button', { name: /this browser/ }).click();
    await expectSound(page);
    await expect.poll(async () => (await audio(pageB))?.paused).toBe(true);
    await pageB.close();
    await card(page).getByRole('button', { name: 'Devices', exact: true }).click();
  } else {
    // One device on a phone-sized screen: the picker as it looks there.
    await card(page).getByRole('button', { name: 'Devices', exact: true }).click();
    await expect(card(page).getByRole('dialog', { name: 'Devices' }).locator('[aria-current="true"]')).toContainText('this browser');
    await saveScreen(page, testInfo, 'queue-devices');
    await card(page).getByRole('button', { name: 'Devices', exact: true }).click();
    // Phones have no Document Picture-in-Picture, and the bar no mini-player button.
    return;
  }

  // The mini-player: a real click opens the Document Picture-in-Picture window.
  const [mini] = await Promise.all([page.context().waitForEvent('page'), card(page).getByRole('button', { name: 'Open mini player' }).click()]);
  const view = mini.getByRole('main', { name: 'Mini player' });
  await expect(view.getByText(added.name, { exact: true })).toBeVisible();
  await expect(card(page)).toBeHidden();
  // Playwright gives every page of the context its viewport; the real window is the size asked for.
  await mini.setViewportSize({ width: 320, height: 300 });
  await saveScreen(mini, testInfo, 'queue-mini-player');
  await view.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  await view.getByRole('button', { name: 'Play', exact: true }).click();
  await expectSound(page);
  // The window closes within the click, so the click's own reply may never come back.
  const closed = mini.waitForEvent('close');
  await view.getByRole('button', { name: 'Back to the player card' }).click().catch((error: Error) => {
    if (!mini.isClosed()) throw error;
  });
  await closed;
  await expect(card(page).getByText(added.name, { exact: true })).toBeVisible();
});

/** A control the keyboard is on, with what a click at its centre would reach instead when something covers it. */
interface FocusStop {
  name: string;
  coveredBy: string | null;
  inPanel: boolean;
  /** Reached before in this walk: it has gone round. */
  again: boolean;
}

/** Where the keyboard is after a Tab: the focused element, and whether it is what a click at its centre reaches. */
const focusStop = (page: Page) =>
  page.evaluate(async (): Promise<FocusStop | null> => {
    // Once what moves has come to rest: the side navigation, which widens while the keyboard is in
    // it, narrows back as it leaves.
    const moving = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 1000))]);
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const seen = ((window as unknown as { __stops?: WeakSet<Element> }).__stops ??= new WeakSet());
    const again = seen.has(focused);
    seen.add(focused);
    const box = focused.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const covering = hit && !focused.contains(hit) ? (hit.closest('#queue-panel, .player-card, .player-bar, .top-bar, .mobile-top-bar, nav') ?? hit) : null;
    return { name: describe(focused), coveredBy: covering ? describe(covering) : null, inPanel: focused.closest('#queue-panel') !== null, again };
  });

test('while the queue is open, the keyboard reaches no control under it: the page makes room beside it, or on a phone-sized screen it takes the page\'s place', async ({ page, sandbox, signIn }, testInfo) => {
  test.setTimeout(90_000);
  const album = await startPlaying(page, sandbox, signIn);
  // Away from the side navigation, which widens over the page under the pointer.
  await page.mouse.move(isNarrow(page) ? 200 : 700, 400);
  const opener = page.locator('[aria-label^="Tracks of"] [data-track-id]').first().getByRole('button', { name: /^Play / });
  await opener.focus();
  await page.keyboard.press('q');
  const panel = page.getByRole('complementary', { name: 'Queue' });
  await expect(panel.getByRole('list', { name: 'Next up' }).getByRole('listitem').first()).toContainText(album.tracks[1]!.name);
  const content = page.locator('#content');
  // The keyboard's focus goes from the page to the panel.
  await expect(panel).toBeFocused();
  if (isNarrow(page)) {
    // In the page's place: the page hides.
    await expect(content).toBeHidden();
  } else {
    // Beside the page: the content ends where the panel begins, the card under the panel.
    const panelBox = (await panel.boundingBox())!;
    const contentBox = (await content.boundingBox())!;
    expect(contentBox.x + contentBox.width).toBeLessThanOrEqual(panelBox.x);
    expect((await page.locator('.top-bar').boundingBox())!.width + 80).toBe(page.viewportSize()!.width);
    const cardBox = (await card(page).boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(contentBox.x + contentBox.width);
    expect(cardBox.y).toBeGreaterThanOrEqual(panelBox.y + panelBox.height);
  }
  await saveScreen(page, testInfo, 'queue-open');

  // The whole page's Tab walk, from its first stop (the skip link) round to it again: every stop
  // is what a click at its centre reaches.
  await page.locator('.skip-link').focus();
  const stops: FocusStop[] = [(await focusStop(page))!];
  for (let press = 0; press < 200; press++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop?.again) break;
    if (stop) stops.push(stop);
  }
  expect(stops.some((stop) => stop.inPanel), 'the walk reached the panel').toBe(true);
  expect(stops.length).toBeGreaterThan(isNarrow(page) ? 5 : 30);
  expect(stops.filter((stop) => stop.coveredBy !== null)).toEqual([]);

  if (isNarrow(page)) {
    // A new page takes its place back: the bottom navigation's Search closes the panel.
    await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: 'Search' }).click();
    await page.waitForURL(/\/search/);
    await expect(panel).toHaveCount(0);
    await expect(content).toBeVisible();
  } else {
    // Closed, the page has its whole width again.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    const contentBox = (await content.boundingBox())!;
    expect(Math.round(contentBox.x + contentBox.width)).toBe(page.viewportSize()!.width);
  }
});

test("a track's menu opened while the queue is open shows whole beside the panel, its items pressable", { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  // On the desktop alone (@viewport-free): the panel docks beside the page there, the rows' right ends next to it.
  const album = await startPlaying(page, sandbox, signIn);
  await card(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Queue' });
  await expect(panel.getByRole('list', { name: 'Next up' }).getByRole('listitem').first()).toContainText(album.tracks[1]!.name);
  // The keyboard opens a row's menu beside the panel, as a user's Tab and Enter would.
  const row = page.locator('[aria-label^="Tracks of"] [data-track-id]').nth(2);
  // The row near the window's top, the menu then opening beside the panel.
  await row.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 160));
  await row.getByRole('button', { name: /^More options for / }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Add to queue' });
  await expect(item).toBeVisible();
  const onTop = await item.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop, 'the menu item is what a click there presses').toBe(true);
  await item.click();
  await expectToastShown(page, 'Added to queue');
});

test("the card's device list comes right after its Devices button in the Tab order, and shows above the card", { tag: '@viewport-free' }, async ({ page, sandbox, signIn }, testInfo) => {
  // On the desktop alone (@viewport-free): the card's own picker (a phone's bar has none).
  await startPlaying(page, sandbox, signIn);
  const devices = card(page).getByRole('button', { name: 'Devices', exact: true });
  await devices.focus();
  await page.keyboard.press('Enter');
  const picker = card(page).getByRole('dialog', { name: 'Devices' });
  const own = picker.getByRole('button', { name: /this browser/ });
  await expect(own).toBeVisible();
  // Tab goes from the button into the list it opened, then on to Close player; Shift+Tab back.
  await page.keyboard.press('Tab');
  await expect(own).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('button', { name: 'Close player', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(devices).toBeFocused();
  // Where it always was: over the card's top, as wide as the card inside its 1 px border.
  const pickerBox = (await picker.boundingBox())!;
  const cardBox = (await card(page).boundingBox())!;
  expect(pickerBox.y + pickerBox.height).toBeLessThanOrEqual(cardBox.y);
  expect(pickerBox.x - cardBox.x).toBeCloseTo(1, 0);
  expect(pickerBox.width - cardBox.width).toBeCloseTo(-2, 0);
  await saveScreen(page, testInfo, 'queue-card-devices');
});

test('closing the player closes its queue, and the queue opened again says nothing plays', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  // On the desktop alone (@viewport-free): the card's own panel (a phone's is the Now Playing view's, now-playing.spec.ts).
  const album = await startPlaying(page, sandbox, signIn);
  await card(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Queue' });
  await expect(panel.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  await card(page).getByRole('button', { name: 'Close player', exact: true }).click();
  await expect(card(page)).toBeHidden();
  // The panel went with the card it belongs to.
  await expect(panel).toHaveCount(0);
  // Opened again, it is read again: the provider still holds the paused track, but the player is closed.
  await page.keyboard.press('q');
  await expect(panel.getByText('Nothing is playing.')).toBeVisible();
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByText('Your queue is empty.')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  expect((await provider(page, sandbox))!.item.id).toBe(album.tracks[0]!.id);
});

test('an open queue catches up within seconds with a track added on another device, the playing track the same', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  // On the desktop alone (@viewport-free): how often the panel reads does not depend on the screen size.
  const album = await startPlaying(page, sandbox, signIn);
  await card(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Queue' });
  const nextUp = panel.getByRole('list', { name: 'Next up' }).getByRole('listitem');
  await expect(nextUp.first()).toContainText(album.tracks[1]!.name);
  // "Add to queue" elsewhere: another device of the same account, through the Web API.
  const added = album.tracks[2]!;
  expect((await webApi(page, sandbox, 'POST', `me/player/queue?uri=spotify:track:${added.id}`)).status).toBe(204);
  await expect(nextUp.first()).toContainText(added.name, { timeout: 8_000 });
  await expect(card(page).getByText(album.tracks[0]!.name, { exact: true })).toBeVisible();
});

test.describe('messages', () => {
  test.use({ allowErrors: /me\/player\/queue/ });

  test("with nothing playing: 'Start playback first' and an empty queue; the free account gets the premium prompt", { tag: '@viewport-free' }, async ({ page, browser, signIn }) => {
    // On the desktop alone (@viewport-free): the messages do not depend on the screen size.
    await signIn(page);
    await page.waitForFunction(() => localStorage.getItem('DEVICE_ID') !== null);
    await openAPlaylist(page);
    const row = page.locator('#content [data-track-id]').first();
    const name = (await row.locator('.track-row__title').textContent())!;
    await addToQueueFrom(page, row, name);
    await expect(page.locator('.toast', { hasText: 'Start playback first' })).toBeVisible();
    await page.keyboard.press('q');
    await expect(page.getByRole('complementary', { name: 'Queue' })).toContainText('Your queue is empty.');

    const free = await browser.newPage();
    await signIn(free, 'free');
    await openAPlaylist(free);
    const freeRow = free.locator('#content [data-track-id]').first();
    await addToQueueFrom(free, freeRow, (await freeRow.locator('.track-row__title').textContent())!);
    await expect(free.getByRole('dialog', { name: 'Premium Required' })).toBeVisible();
    await free.close();
  });
});
