// The shell's layout on a phone's window (the mobile project: isMobile, touch) at the sizes
// testers hold them: upright (320, 360 and 390 px wide) and on its side (844 x 390). What stands
// over the page (the bottom sheet, the bottom navigation, the player bar, the devices panel, the
// toasts) fits the window, leaves the page's end readable, and hides nothing of itself.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { anAlbum, card, webApi } from './player-kit';
import { saveScreen } from './helpers/screens';

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Bottom' });

/** The top of the bottom navigation's bar (its centre Player button rises above it). */
async function navTop(page: Page): Promise<number> {
  return (await bottomNav(page).boundingBox())!.y;
}

/** Scrolls the page to its very end, at once. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
}

/**
 * Resolves to the box of the first browser toast as it appears (set up before what raises it):
 * measured in the same moment, not by polling, as it shows for 1.5 s only.
 */
function nextBrowserToast(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const look = () => {
          const toast = document.querySelector('.toasts .toast');
          if (!toast) return;
          observer.disconnect();
          const { x, y, width, height } = toast.getBoundingClientRect();
          resolve({ x, y, width, height });
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
}

test('the bottom sheet fits a short window: its items scroll inside it, the device list too, and the backdrop above it closes it', { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  for (const size of [
    { width: 844, height: 390 },
    { width: 360, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/notification');
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'More options' });
    await expect(sheet).toBeVisible();
    const expectInWindow = async () => {
      const box = (await sheet.boundingBox())!;
      expect(box.y, `the sheet's top at ${size.width}x${size.height}`).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
      return box;
    };
    await expectInWindow();
    const toggle = sheet.getByRole('button', { name: 'Connect to a device' });
    await toggle.click();
    const picker = sheet.getByRole('dialog', { name: 'Devices' });
    await expect(picker.getByRole('button').first()).toBeVisible();
    const box = await expectInWindow();
    await expect(toggle).toBeInViewport({ ratio: 1 });
    await expect(picker).toBeInViewport({ ratio: 1 });
    // The last item is reached by scrolling the sheet itself.
    const logOut = sheet.getByRole('button', { name: 'LogOut' });
    await logOut.scrollIntoViewIfNeeded();
    await expect(logOut).toBeInViewport({ ratio: 1 });
    // Above the sheet, the backdrop: a tap there closes it.
    await page.touchscreen.tap(size.width / 2, box.y / 2);
    await expect(sheet).toBeHidden();
  }
});

test("on a phone the footer reaches the bottom navigation, its end clear of the player bar, with no band of room on Now Playing, which has no bar", { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  const year = new Date().getFullYear();
  for (const size of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/notification', '/player']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      const bar = page.locator('.player-bar');
      if (path === '/player') await expect(page.locator('.now-playing')).toBeVisible();
      else await expect(bar).toBeVisible();
      await scrollToEnd(page);
      const where = `${path} at ${size.width}x${size.height}`;
      // The footer's colour reaches the navigation: no strip of the page's background under it.
      await expect.poll(async () => Math.round((await footer.boundingBox())!.y + (await footer.boundingBox())!.height), { message: where }).toBe(Math.round(await navTop(page)));
      // And its last line stays clear of the bar.
      if (path !== '/player') {
        const copyright = (await footer.getByText(`© ${year} My Music`).boundingBox())!;
        expect(copyright.y + copyright.height, where).toBeLessThanOrEqual((await bar.boundingBox())!.y);
      }
    }
  }
});

test("the bottom navigation's labels stay on one line, whole and level, the current one's bold included, from 320 to 390 px", { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    // Your Library, the longest, current and not.
    for (const path of ['/collection', '/notification']) {
      await page.goto(path);
      const labels = await bottomNav(page)
        .locator('a span')
        .evaluateAll((spans) =>
          spans.map((span) => {
            const { y, height } = span.getBoundingClientRect();
            // A line is about 1.2 times the size tall, two are 2.4 times.
            return { words: span.textContent, y: Math.round(y), oneLine: height < parseFloat(getComputedStyle(span).fontSize) * 1.8, cut: span.scrollWidth > span.clientWidth };
          }),
        );
      expect(labels.map((label) => label.words)).toEqual(['Dashboard', 'Search', 'Your Library', 'My Profile']);
      for (const label of labels) {
        expect(label.oneLine, `${label.words} on one line at ${width} px on ${path}`).toBe(true);
        expect(label.cut, `${label.words} cut short at ${width} px on ${path}`).toBe(false);
        expect(label.y, `${label.words} level with Dashboard at ${width} px on ${path}`).toBe(labels[0]!.y);
      }
    }
  }
});

test("on a phone's Now Playing, the devices panel opens in view, above the bottom navigation", { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/player');
  await expect(page.locator('.now-playing')).toBeVisible();
  await page.locator('.now-playing__tools').getByRole('button', { name: 'Devices' }).click();
  const picker = page.getByRole('dialog', { name: 'Devices' });
  await expect(picker.getByRole('button').first()).toBeVisible();
  await expect.poll(async () => {
    const box = (await picker.boundingBox())!;
    return box.y >= 0 && box.y + box.height <= (await navTop(page));
  }).toBe(true);
});

test('cards stay two to a row down to a 320 px phone, and wider screens keep the grid they had', { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  const columnsOf = () => page.locator('.card-grid').first().evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  for (const path of ['/collection', '/category/pop/playlists', '/user/me/top-artists', '/album/new-release']) {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(path);
    await expect(page.locator('.card-grid').first()).toBeVisible();
    expect(await columnsOf(), `cards to a row on ${path} at 320 px`).toBe(2);
    // Half the window's height at most: not a screen per card.
    expect((await page.locator('.card-grid > *').first().boundingBox())!.height, `a card's height on ${path} at 320 px`).toBeLessThan(260);
    // Wider, the cards keep their 160 px least width: as many as fit it.
    for (const width of [390, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const fit = await page.locator('.card-grid').first().evaluate((grid) => {
        const gap = parseFloat(getComputedStyle(grid).columnGap);
        return Math.floor((grid.clientWidth + gap) / (160 + gap));
      });
      expect(await columnsOf(), `cards to a row on ${path} at ${width} px`).toBe(fit);
    }
  }
});

test('in a short window (a phone on its side, 200% zoom) the top bar scrolls away with the page and the title shows above the player bar; taller windows keep it over the page', { tag: '@phone-only' }, async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const album = await anAlbum(page, sandbox);
  const topBar = page.locator('.mobile-top-bar');
  const bar = page.locator('.player-bar');
  for (const size of [
    { width: 640, height: 400 },
    { width: 844, height: 390 },
  ]) {
    const where = `${size.width}x${size.height}`;
    await page.setViewportSize(size);
    await page.goto(`/album/${album.id}`);
    await expect(bar).toBeVisible();
    // The album's title shows on the first screen, clear of the player bar.
    const title = (await page.locator('.detail-header__name').boundingBox())!;
    expect(title.y + title.height, `the title's end at ${where}`).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    // Scrolled, the top bar has gone with the page: what stays over it is the player bar and the navigation, a third at most.
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect.poll(async () => { const box = await topBar.boundingBox(); return box ? box.y + box.height : 0; }, { message: where }).toBeLessThanOrEqual(0);
    const covered = size.height - (await bar.boundingBox())!.y;
    expect(covered / size.height, `the share of the window covered at ${where}`).toBeLessThanOrEqual(0.36);
    // Its controls are there again at the page's top.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(page.getByRole('button', { name: 'More options', exact: true })).toBeInViewport({ ratio: 1 });
  }
  // A phone upright keeps its top bar over the page, and a wide window its own.
  for (const [size, top] of [
    [{ width: 390, height: 844 }, topBar],
    [{ width: 1280, height: 800 }, page.locator('.top-bar')],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`/album/${album.id}`);
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect.poll(async () => (await top.boundingBox())?.y, { message: `${size.width}x${size.height}` }).toBe(0);
  }
});

test.describe('toasts, with calls the provider fails', () => {
  test.use({ allowErrors: /\b50[23]\b|Could not change the library/ });

  const LONG = 'The provider could not save this song to your Liked Songs, try again later.';

  test("on a phone a toast takes the window's width to grow in, the browser's and the server's, centred", { tag: '@phone-only' }, async ({ page, signIn, sandbox }) => {
    await signIn(page, 'guest', { home: false });
    const album = await anAlbum(page, sandbox);
    await sandbox.addFault([
      { match: { method: 'PUT', path: '^/v1/me/(tracks|library)$' }, status: 503, body: { error: { status: 503, message: LONG } } },
      { match: { method: 'GET', path: `^/v1/albums/${album.id}$` }, status: 503, body: { error: { status: 503, message: LONG } } },
    ]);
    await page.goto('/notification');
    const heart = card(page).getByRole('button', { name: /^(Save to|Remove from) Liked$/ });
    await expect(heart).toBeVisible();
    const shown = nextBrowserToast(page);
    await heart.click();
    const toast = await shown;
    const { width } = page.viewportSize()!;
    expect(toast.width, "the browser's toast").toBeGreaterThan(300);
    expect(Math.abs(toast.x + toast.width / 2 - width / 2)).toBeLessThanOrEqual(1);
    // The server's: its box stays after its 1.5 s (hidden, not removed).
    await page.goto(`/album/${album.id}`);
    const server = (await page.locator('.server-toast').boundingBox())!;
    expect(server.width, "the server's toast").toBeGreaterThan(300);
    expect(Math.abs(server.x + server.width / 2 - width / 2)).toBeLessThanOrEqual(1);
  });

  test("a server's toast and a browser's shown at once stand one under the other, and the browser's moves up once the server's has gone", { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
    // The server's toast stays until the test lets it go (its style sheet would hide it after 1.5 s).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll<HTMLElement>('.server-toast:not([data-held])')) {
          toast.setAttribute('data-held', '');
          toast.style.animationPlayState = 'paused';
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, 'guest', { home: false });
    const album = await anAlbum(page, sandbox);
    await sandbox.addFault([
      { match: { method: 'PUT', path: '^/v1/me/(tracks|library)$' }, status: 503, body: { error: { status: 503, message: 'Hearts resting' } } },
      { match: { method: 'GET', path: `^/v1/albums/${album.id}$` }, status: 503, body: { error: { status: 503, message: 'Album resting' } } },
    ]);
    await page.goto(`/album/${album.id}`);
    const server = page.locator('.server-toast');
    await expect(server).toHaveText('Album resting');
    await expect(server).toBeVisible();
    const heart = card(page).getByRole('button', { name: /^(Save to|Remove from) Liked$/ });
    let shown = nextBrowserToast(page);
    await heart.click();
    const toast = await shown;
    const above = (await server.boundingBox())!;
    expect(toast.y, "the browser's toast under the server's").toBeGreaterThanOrEqual(above.y + above.height);
    // The server's toast leaves: the next browser toast shows at the top.
    await server.evaluate((element) => (element.style.animationPlayState = 'running'));
    await expect(server).toBeHidden();
    await expect(page.locator('.toasts .toast')).toHaveCount(0);
    shown = nextBrowserToast(page);
    await heart.click();
    expect((await shown).y).toBe(above.y);
  });
});

test.describe('what stands over the page', () => {
  const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'More options' });

  test("Back and Forward close the bottom sheet and the Add to playlist picker: they go with the page they stood over", { tag: '@phone-only' }, async ({ page, signIn }) => {
    await signIn(page, 'guest');
    await bottomNav(page).getByRole('link', { name: 'Your Library' }).click();
    await expect(page).toHaveURL(/\/collection$/);
    const sheet = sheetOf(page);
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    await expect(sheet).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    await expect(sheet).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/collection$/);
    await expect(sheet).toBeHidden();

    // The picker, opened from a track's menu on the profile, goes on Back with the track it held.
    await bottomNav(page).getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/user\/me$/);
    const row = page.locator('#content [data-track-id]').first();
    await row.getByRole('button', { name: /^More options for / }).click();
    await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
    const picker = page.getByRole('dialog', { name: 'Add to playlist' });
    await expect(picker).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/collection$/);
    await expect(picker).toBeHidden();
    await expect(page.locator('.dialog-backdrop')).toHaveCount(0);
  });

  test("the bottom sheet holds the page still behind it, and a swipe down on its handle closes it", { tag: '@phone-only' }, async ({ page, signIn }) => {
    await signIn(page, 'guest');
    await page.evaluate(() => window.scrollTo({ top: 150, behavior: 'instant' }));
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    const sheet = sheetOf(page);
    await expect(sheet).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    // A finger dragged up the dimmed page above the sheet: the page behind stays where it was.
    const scrolled = () => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
    const before = await scrolled();
    await swipe(cdp, 195, 400, -300);
    expect(await scrolled()).toBe(before);
    // A short pull on the handle puts it back; a longer one closes it.
    const top = (await sheet.boundingBox())!.y;
    const handle = (await sheet.locator('.bottom-sheet__handle').boundingBox())!;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await swipe(cdp, x, y, 20);
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())!.y).toBe(top);
    await swipe(cdp, x, y, 120);
    await expect(sheet).toBeHidden();
    expect(await scrolled()).toBe(before);
  });

  test("a dialog fits a short window (a phone's keyboard up): it scrolls inside, its answers in reach", { tag: '@phone-only' }, async ({ page, signIn, sandbox }, testInfo) => {
    await signIn(page, 'guest', { home: false });
    const me = (await webApi(page, sandbox, 'GET', 'me')).json as { id: string };
    const own = (await webApi(page, sandbox, 'GET', 'me/playlists?limit=50')).json as { items: { id: string; owner: { id: string } }[] };
    const playlist = own.items.find((item) => item.owner.id === me.id)!;
    await page.goto(`/playlist/${playlist.id}`);
    await page.setViewportSize({ width: 360, height: 300 });
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await expect(dialog.getByLabel(/^Name/)).toBeFocused();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(300);
    for (const name of ['Cancel', 'Save']) {
      const answer = dialog.getByRole('button', { name, exact: true });
      await answer.scrollIntoViewIfNeeded();
      await expect(answer).toBeInViewport({ ratio: 1 });
    }
    await saveScreen(page, testInfo, 'dialog-short-window');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test("the bars, the content and the sheet keep clear of a phone's notch and status bar (its safe-area insets)", { tag: '@phone-only' }, async ({ page, signIn }, testInfo) => {
    await signIn(page, 'guest');
    const cdp = await page.context().newCDPSession(page);
    const boxOf = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    await expect(page.locator('.player-bar')).toBeVisible();

    // On its side: 47 px left and right.
    await page.setViewportSize({ width: 844, height: 390 });
    await cdp.send('Emulation.setSafeAreaInsetsOverride' as never, { insets: { left: 47, right: 47 } } as never);
    for (const selector of ['.mobile-top-bar__logo', '#content h2', '.player-bar', '.bottom-nav__link']) {
      expect((await boxOf(selector)).x, `${selector}'s left edge`).toBeGreaterThanOrEqual(47);
    }
    for (const selector of ['.mobile-top-bar .icon-button >> nth=-1', '.player-bar', '.bottom-nav__link >> nth=-1']) {
      const box = await boxOf(selector);
      expect(box.x + box.width, `${selector}'s right edge`).toBeLessThanOrEqual(844 - 47);
    }
    await saveScreen(page, testInfo, 'safe-area-landscape');
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    expect((await boxOf('.bottom-sheet__item')).x).toBeGreaterThanOrEqual(47);
    await page.keyboard.press('Escape');

    // Upright: 47 px at the top, the status bar's.
    await page.setViewportSize({ width: 390, height: 844 });
    await cdp.send('Emulation.setSafeAreaInsetsOverride' as never, { insets: { top: 47 } } as never);
    for (const selector of ['.mobile-top-bar__logo', '.mobile-top-bar .icon-button']) {
      expect((await boxOf(selector)).y, `${selector}'s top`).toBeGreaterThanOrEqual(47);
    }
    await page.getByRole('button', { name: 'More options', exact: true }).click();
    expect((await boxOf('.bottom-sheet__panel')).y).toBeGreaterThanOrEqual(47);
    await saveScreen(page, testInfo, 'safe-area-portrait-sheet');
    await cdp.send('Emulation.setSafeAreaInsetsOverride' as never, { insets: {} } as never);
  });

  test("the shell's controls are a finger's size (44 px): the top bar's buttons, the bottom navigation, the search box and its clear icon", { tag: '@phone-only' }, async ({ page, signIn }) => {
    await signIn(page, 'guest', { home: false });
    await page.goto('/search?q=sol');
    const box = page.locator('.search-sticky .search-box');
    const targets = [page.locator('.mobile-top-bar .icon-button'), bottomNav(page).getByRole('link'), box.getByRole('button', { name: 'Clear search' })];
    for (const target of targets) {
      for (const one of await target.all()) {
        const { width, height } = (await one.boundingBox())!;
        expect(Math.min(width, height), `${await one.getAttribute('aria-label') ?? await one.textContent()}: ${width}x${height}`).toBeGreaterThanOrEqual(44);
      }
    }
    // The input is shorter than its pill: a tap anywhere on the pill (its search icon) reaches it.
    const pill = (await box.boundingBox())!;
    expect(pill.height).toBeGreaterThanOrEqual(44);
    await page.touchscreen.tap(pill.x + 24, pill.y + 4);
    await expect(box.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  });
});

test("Enter in the search box: on a phone its keyboard goes down over the results; on a wide screen the focus stays for the keyboard's user", async ({ page, signIn, isMobile }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/search');
  const input = page.locator(isMobile ? '.search-sticky input' : '.top-bar input');
  await input.click();
  await input.fill('Sol');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Sol$/);
  await expect(page.locator('#content h2').first()).toBeVisible();
  if (isMobile) await expect(input).not.toBeFocused();
  else await expect(input).toBeFocused();
  await expect(input).toHaveValue('Sol');
});

/** A finger on the screen at (x, y), drawn `down` px downwards (upwards when less than 0) and lifted. */
async function swipe(cdp: CDPSession, x: number, y: number, down: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (down * step) / 5 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
