// The Now Playing view (/player) and the phone's player bar, against the sandbox's SDK in
// a real Chromium: the view's first paint from the server, its track, cover, controls,
// queue and device; on a phone the one-line bar above the bottom navigation (its name,
// play/pause, its tap, its swipe and its keyboard way to the view), the page's end clear
// of it; on wide screens the card as before and no second player on /player.
// Every test moves the guest's one playback, on its worker's own sandbox.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreen } from './helpers/screens';
import { seriousViolations } from './helpers/axe';
import { reactCameUntouched, rendererOf, withNothingLoaded } from './helpers/untouched';
import { audio, card, expectSound, isNarrow, openNowPlaying, provider, startPlaying } from './player-kit';


/** A page's HTML as the server sends it (this context's session), its character references read. */
async function serverText(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return html.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
    ref.startsWith('#x') || ref.startsWith('#X') ? String.fromCodePoint(parseInt(ref.slice(2), 16)) : ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : named[ref.toLowerCase()]!,
  );
}

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Bottom' });

/** The top of the bottom navigation as drawn: its centre Player button rises above the bar. */
async function navTop(page: Page): Promise<number> {
  const nav = (await bottomNav(page).boundingBox())!;
  const button = (await bottomNav(page).getByRole('link', { name: 'Player', exact: true }).boundingBox())!;
  return Math.min(nav.y, button.y);
}

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

test('with nothing playing, /player is a clear empty state, rendered by the server', async ({ page, signIn, sandbox }, testInfo) => {
  // Nothing loaded (the reset) and nothing played yet: else the view shows the last played track.
  await sandbox.addFault({ match: { method: 'GET', path: '/v1/me/player/recently-played' }, body: { items: [] } });
  await signIn(page, 'guest', { home: false });
  // The server's HTML already holds the heading and the empty state (no script needed for the first paint).
  const html = await serverText(page, '/player');
  expect(html).toContain('>Now Playing</h1>');
  expect(html).toContain('Nothing playing');
  // Its queue too: the server read it, so the view shows it before any script.
  expect(html).toContain('Your queue is empty.');
  expect(html).not.toContain('Loading…');
  await page.goto('/player');
  await expect(page.getByRole('heading', { level: 1, name: 'Now Playing' })).toBeVisible();
  const view = card(page);
  await expect(view.getByRole('heading', { name: 'Nothing playing' })).toBeVisible();
  await expect(view.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  await expect(view.getByRole('button', { name: /^(Play|Pause|Next)$/ })).toHaveCount(0);
  // The device is one click away even so.
  await expect(view.getByRole('button', { name: 'Devices', exact: true })).toBeEnabled();
  await expect(page.getByRole('complementary', { name: 'Queue' })).toContainText('Your queue is empty.');
  await expect(page.locator('.player-card, .player-bar')).toHaveCount(0);
  await saveScreen(page, testInfo, 'nowplaying-empty');
  expect(await seriousViolations(page, '/player')).toEqual([]);
});

test("a track last played, nothing loaded: /player shows it and its queue as the server's HTML, loads no React until the user acts, then the view works", async ({ page, signIn, sandbox, sandboxUrl }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const { last, scripts } = await withNothingLoaded(page, sandbox, sandboxUrl);
  await page.goto('/player');
  // One player: the view. The card's HTML (it shows the same track) stands aside.
  const view = card(page);
  await expect(view).toHaveCount(1);
  await expect(page.locator('#player-card').locator('.player-card, .player-bar').filter({ visible: true })).toHaveCount(0);
  await expect(view.getByText(last.name, { exact: true })).toBeVisible();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('heading', { name: 'Next up' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Queue', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Past the first screen's wait, the page's scripts run: the player's stores start from the
  // server's answer (the card's, which the view shows too), so nothing wakes the view.
  expect(await reactCameUntouched(page, scripts), 'React came to /player, untouched').toBe(false);
  expect(await page.locator('astro-island:not([ssr])').count(), 'an island hydrated with no input').toBe(0);
  await saveScreen(page, testInfo, 'nowplaying-untouched');

  // The first input is a press of Queue: held until the view has hydrated, then it closes the queue.
  await view.getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(queue).toHaveCount(0);
  expect(scripts).toContain(await rendererOf(page));
  await expect(view.getByRole('button', { name: 'Queue', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await view.getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(queue.getByRole('heading', { name: 'Next up' })).toBeVisible();
  await expect(view.getByText(last.name, { exact: true })).toBeVisible();
  expect(await seriousViolations(page, '/player')).toEqual([]);
});

test('a playing track: /player shows its name, cover, controls, queue and device, and drives the music', async ({ page, sandbox, signIn }, testInfo) => {
  const album = await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  const [first, second] = [album.tracks[0]!, album.tracks[1]!];
  if (isNarrow(page)) {
    // The phone's bar: one line above the bottom navigation, with the track and its play/pause.
    const bar = card(page);
    await expect(page.locator('.player-card')).toHaveCount(0);
    await expect(bar.getByText(first.name, { exact: true })).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(64);
    expect(box.y + box.height).toBeLessThanOrEqual(await navTop(page));
    expect(box.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    await saveScreen(page, testInfo, 'nowplaying-bar');
    // The page's end scrolls clear of the bar: the album's last row is above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastRow = page.locator('[aria-label^="Tracks of"] [data-track-id]').last();
    await expect.poll(async () => { const row = (await lastRow.boundingBox())!; return row.y + row.height; }).toBeLessThanOrEqual(box.y);
    await saveScreen(page, testInfo, 'nowplaying-bar-page-end');
    expect(await seriousViolations(page, '/player')).toEqual([]);
    // Play/pause from the bar.
    await bar.getByRole('button', { name: 'Pause', exact: true }).tap();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    expect((await provider(page, sandbox))!.is_playing).toBe(false);
    await bar.getByRole('button', { name: 'Play', exact: true }).tap();
    await expectSound(page);
    // A tap on the bar (not on its buttons) opens the view; the music goes on.
    await bar.getByText(first.name, { exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/player');
  } else {
    // Wide screens keep SPEC's card (its drag: player.spec.ts); it opens the view too.
    expect(Math.round((await card(page).boundingBox())!.width)).toBe(350);
    await openNowPlaying(page);
  }

  const view = card(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Now Playing' })).toBeVisible();
  // One player on /player: the view, no card or bar beside it.
  await expect(page.getByRole('region', { name: 'Player' })).toHaveCount(1);
  await expect(page.locator('.player-card, .player-bar')).toHaveCount(0);
  await expect(view.getByText(first.name, { exact: true })).toBeVisible();
  const cover = view.locator('img.player-card__cover');
  await expect(cover).toHaveAttribute('src', /\/img\//);
  expect((await cover.boundingBox())!.width).toBeGreaterThan(250);
  for (const name of ['Shuffle', 'Pause', 'Next', 'Save to Liked', 'Add to playlist', 'Devices', 'Queue', 'Close player']) {
    await expect(view.getByRole('button', { name, exact: true })).toBeEnabled();
  }
  // The album's first track: the provider disallows skipping back.
  await expect(view.getByRole('button', { name: 'Previous', exact: true })).toBeDisabled();
  await expect(view.getByRole('button', { name: /^Repeat/ })).toBeEnabled();
  await expect(view.getByRole('slider', { name: 'Seek' })).toBeVisible();
  await expect(view.getByRole('slider', { name: 'Volume' })).toBeVisible();
  await expect(view.locator('.player-card__artists a').first()).toHaveAttribute('href', /^\/artist\//);
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('listitem').first()).toContainText(first.name);
  await expect(queue.getByRole('list', { name: 'Next up' }).getByRole('listitem').first()).toContainText(second.name);
  await expectSound(page);
  await saveScreen(page, testInfo, 'nowplaying-view');
  expect(await seriousViolations(page, '/player')).toEqual([]);

  // Its controls drive the music, and the queue follows.
  await view.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(view.getByText(second.name, { exact: true })).toBeVisible();
  expect((await provider(page, sandbox))!.item.id).toBe(second.id);
  await expect(queue.getByRole('listitem').first()).toContainText(second.name);
  await view.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  expect((await provider(page, sandbox))!.is_playing).toBe(false);
  await view.getByRole('button', { name: 'Play', exact: true }).click();
  await expectSound(page);

  // The device: this browser, in the picker.
  await view.getByRole('button', { name: 'Devices', exact: true }).click();
  await expect(view.getByRole('dialog', { name: 'Devices' }).locator('[aria-current="true"]')).toContainText('this browser');
  await saveScreen(page, testInfo, 'nowplaying-view-devices');

  // The server's own HTML of /player now holds the track (the first paint needs no script).
  expect(await serverText(page, '/player')).toContain(`>${second.name}<`);

  // Leaving: the player is back where it was (the queue panel, opened here, is not).
  await page.goBack();
  await page.waitForURL((url) => url.pathname !== '/player');
  await expect(page.locator('.now-playing')).toHaveCount(0);
  await expect(card(page).getByText(second.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Queue' })).toHaveCount(0);
});

test('/player reloaded while a track plays: the music stopped with the old page, so the view offers Play, which resumes it here with its queue', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  const album = await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  await openNowPlaying(page);
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  // The reload ends the page's device, and the music with it; the server, reading as the new page
  // loads, may still find it playing there. The new device's arrival reads the playback again.
  await page.reload();
  const view = card(page);
  await expect(view.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect((await provider(page, sandbox))!.is_playing).toBe(false);
  await expect(view.getByText('Playing on My Music')).toHaveCount(0);
  // The queue beside it shows the track the view shows, paused (the provider lists no queue for a
  // playback whose device went), not "Nothing is playing." beside a track that offers Play.
  await expect(queue.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  await expect(queue.getByText('Nothing is playing.')).toHaveCount(0);
  // Play: the track goes on here, and the open queue, whose track did not change, follows.
  await view.getByRole('button', { name: 'Play', exact: true }).click();
  await expectSound(page);
  await expect(queue.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  await expect(queue.getByRole('list', { name: 'Next up' }).getByRole('listitem').first()).toContainText(album.tracks[1]!.name);
});

test('Close on /player: the view and the queue beside it agree that nothing plays, also once the queue is read again', async ({ page, sandbox, signIn }) => {
  const album = await startPlaying(page, sandbox, signIn);
  await openNowPlaying(page);
  const view = card(page);
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('listitem').first()).toContainText(album.tracks[0]!.name);
  await view.getByRole('button', { name: 'Close player', exact: true }).click();
  await expect(view.getByRole('heading', { name: 'Nothing playing' })).toBeVisible();
  await expect(queue.getByText('Nothing is playing.')).toBeVisible();
  await expect(queue.getByText('Your queue is empty.')).toBeVisible();
  await expect(queue.getByRole('listitem')).toHaveCount(0);
  // Closed and opened again, the queue is read again: the provider still holds the paused track.
  const queueButton = view.getByRole('button', { name: 'Queue', exact: true });
  await queueButton.click();
  await expect(queue).toHaveCount(0);
  await queueButton.click();
  await expect(queue).toHaveAttribute('aria-busy', 'false');
  await expect(queue.getByText('Nothing is playing.')).toBeVisible();
  await expect(queue.getByRole('listitem')).toHaveCount(0);
  expect((await provider(page, sandbox))!.item.id).toBe(album.tracks[0]!.id);
});

test("on a phone, the bar's upward swipe and its link from the keyboard open Now Playing", { tag: '@phone-only' }, async ({ page, sandbox, signIn }) => {
  // On the phone alone (@phone-only): the bar is the phone-sized player.
  const album = await startPlaying(page, sandbox, signIn);
  const bar = card(page);
  // A swipe up from the bar's text (a pointer moving up by 120 px).
  const text = (await bar.getByText(album.tracks[0]!.name, { exact: true }).boundingBox())!;
  await page.mouse.move(text.x + 10, text.y + text.height / 2);
  await page.mouse.down();
  await page.mouse.move(text.x + 14, text.y - 60, { steps: 4 });
  await page.mouse.move(text.x + 16, text.y - 120, { steps: 4 });
  await page.mouse.up();
  await page.waitForURL((url) => url.pathname === '/player');
  await expect(card(page).getByText(album.tracks[0]!.name, { exact: true })).toBeVisible();
  // Back, then the keyboard: the bar is a link, Enter opens the view.
  await page.goBack();
  await page.waitForURL((url) => url.pathname !== '/player');
  const link = card(page).getByRole('link', { name: /^Open Now Playing/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/player');
  await expect(card(page).getByRole('button', { name: 'Pause', exact: true })).toBeEnabled();
});

test('a phone on its side sees the cover beside the track and its controls on /player, with no scrolling', async ({ page, sandbox, signIn }, testInfo) => {
  // The mobile project turns its phone (390×844) on its side; the desktop project is a large
  // phone on its side (932×430), wide enough for the wide screens' shell.
  await startPlaying(page, sandbox, signIn);
  await page.setViewportSize(testInfo.project.name === 'mobile' ? { width: 844, height: 390 } : { width: 932, height: 430 });
  await openNowPlaying(page);
  const view = card(page);
  const viewport = page.viewportSize()!;
  // Nothing the user needs lies under the bottom navigation (phones) or past the window's edge.
  const bottom = isNarrow(page) ? await bottomNav(page).evaluate((nav) => nav.getBoundingClientRect().top) : viewport.height;
  const cover = (await view.locator('img.player-card__cover').boundingBox())!;
  const title = (await view.locator('.player-card__title').boundingBox())!;
  expect(cover.width).toBeGreaterThanOrEqual(120);
  // Beside, not above: the track's name starts right of the cover, level with it.
  expect(title.x).toBeGreaterThanOrEqual(cover.x + cover.width);
  expect(title.y).toBeLessThan(cover.y + cover.height);
  for (const control of [view.locator('img.player-card__cover'), view.locator('.player-card__title'), view.getByRole('slider', { name: 'Seek' }), ...['Previous', 'Pause', 'Next'].map((name) => view.getByRole('button', { name, exact: true }))]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bottom);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await saveScreen(page, testInfo, 'nowplaying-landscape');
  // Upright again, the cover is above the track, as before.
  await page.setViewportSize(testInfo.project.name === 'mobile' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  const upright = (await view.locator('img.player-card__cover').boundingBox())!;
  expect((await view.locator('.player-card__title').boundingBox())!.y).toBeGreaterThan(upright.y + upright.height);
});
