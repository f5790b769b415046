// A phone's finger and a turned window against what stands on the page (QA findings): a scroll
// that begins on a slider (the browser cancels the pointer), and a window turned or widened with
// a track's menu or the phone's More options sheet open.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { card, expectSound, openNowPlaying, provider, startPlaying } from './player-kit';

test.beforeEach(async ({ sandbox }) => {
  await sandbox.reset();
});

/** A finger put on `slider` at `at` of its width, drawn up the screen as a scroll of the page, and lifted. */
async function scrollFrom(page: Page, slider: Locator, at: number): Promise<void> {
  const box = (await slider.boundingBox())!;
  const x = Math.round(box.x + box.width * at);
  const y = Math.round(box.y + box.height / 2);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 8; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 25 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test("on a phone's Now Playing, a scroll begun on Seek or Volume leaves the music and the volume as they were, and the sliders show them", { tag: '@phone-only' }, async ({ page, sandbox, signIn, sandboxUrl }) => {
  await startPlaying(page, sandbox, signIn);
  await expectSound(page);
  await openNowPlaying(page);
  const view = card(page);
  const seek = view.getByRole('slider', { name: 'Seek' });
  const volume = view.getByRole('slider', { name: 'Volume' });
  const commands: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().startsWith(`${sandboxUrl}/v1/me/player/`)) commands.push(new URL(request.url()).pathname);
  });
  // A tap seeks, as before.
  await seek.tap();
  await expect.poll(() => commands).toContain('/v1/me/player/seek');
  commands.length = 0;
  await expect(page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).resolves.toBe(true);

  await scrollFrom(page, seek, 0.8);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  // The bar shows where the music is, and goes on with it.
  const total = Number(await seek.getAttribute('max'));
  const played = async () => Math.round((await provider(page, sandbox))!.progress_ms / 1000);
  await expect.poll(async () => Math.abs(Number(await seek.inputValue()) - (await played()))).toBeLessThanOrEqual(2);
  expect(Number(await seek.inputValue())).toBeLessThan(total * 0.6);
  const now = Number(await seek.inputValue());
  await expect.poll(async () => Number(await seek.inputValue()), { timeout: 5_000 }).toBeGreaterThan(now);

  const device = (await provider(page, sandbox)) as unknown as { device: { volume_percent: number } };
  const deviceVolume = device.device.volume_percent;
  await page.evaluate(() => window.scrollTo(0, 0));
  await scrollFrom(page, volume, deviceVolume < 50 ? 0.9 : 0.1);
  await expect(volume).toHaveAttribute('aria-valuetext', `${deviceVolume}%`);
  // Nothing was sent for either, then or on a tap elsewhere.
  await page.getByRole('heading', { level: 1, name: 'Now Playing' }).tap();
  await expect(volume).toHaveAttribute('aria-valuetext', `${deviceVolume}%`);
  expect(commands).toEqual([]);
  expect(((await provider(page, sandbox)) as unknown as { device: { volume_percent: number } }).device.volume_percent).toBe(deviceVolume);
});

test("a window turned or resized with a track's menu open closes the menu, and throws nothing", async ({ page, signIn, isMobile }) => {
  await signIn(page, 'guest');
  await page.goto('/user/me');
  const more = page.locator('#content [data-track-id]').first().getByRole('button', { name: /^More options for / });
  await (isMobile ? more.tap() : more.click());
  const menu = page.getByRole('menu', { name: /^Options for / });
  await expect(menu).toBeVisible();
  // A phone turned on its side; a desktop's window made narrower (a tablet turned, the other way).
  await page.setViewportSize(isMobile ? { width: 844, height: 390 } : { width: 1024, height: 768 });
  await expect(menu).toBeHidden();
  // The fixture fails the test on any error the page threw.
});

test("the phone's More options sheet closes when the window turns wide, and the keyboard's focus goes to the page's content", { tag: '@phone-only' }, async ({ page, signIn }) => {
  await signIn(page, 'guest');
  await page.setViewportSize({ width: 768, height: 1024 }); // a tablet, held upright: the narrow layout
  await page.getByRole('button', { name: 'More options', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'More options' });
  await expect(sheet).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 }); // turned: the wide layout
  await expect(sheet).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
});
