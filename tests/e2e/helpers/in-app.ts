// Moving inside the app the way a click on a link does, so Astro's client router swaps
// the page in place (a page.goto would load it whole). Used by e2e tests and benches.
import type { Locator, Page } from '@playwright/test';

/** Clicks a link to `href` made for the purpose; resolves once the click is made. */
export async function followLink(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    document.body.append(link);
    link.click();
    link.remove();
  }, href);
}

/** Follows a link to `href` and resolves when the router has loaded the new page. */
export async function switchInApp(page: Page, href: string): Promise<void> {
  // The page runs evaluations in the order they are sent: the listener is in place before the click.
  const loaded = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('astro:page-load', () => resolve(), { once: true })));
  await followLink(page, href);
  await loaded;
}

/**
 * The user's first input on a page loaded whole: the pointer moves over it, or on a touch screen
 * a finger touches it. Its lists and buttons hydrate then (src/components/shell/hydrate-on-intent.ts);
 * a page nobody has touched keeps them as the server rendered them. In the content's right margin,
 * over nothing that answers (the side navigation would open and ask for its playlists, a link
 * would fetch its page).
 */
export async function actOnPage(page: Page): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 800 };
  const [x, y] = [width - 4, Math.round(height / 2)];
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) return page.touchscreen.tap(x, y);
  await page.mouse.move(x, y);
  await page.mouse.move(x + 1, y + 1);
}

/**
 * The pointer comes to rest on `link` as a mouse user's does: Playwright's hover, then a move on
 * the link. The shell fetches a link's page ahead only for a pointer that moves onto it
 * (src/components/shell/shell-client.ts): content that comes under a still pointer is no intent.
 * A hover that waited out something covering the link, or scrolled the link under a pointer
 * already there, leaves it still.
 */
export async function restPointerOn(link: Locator): Promise<void> {
  await link.hover();
  const box = await link.boundingBox();
  if (!box) throw new Error('The link to rest on is not on the page');
  await link.page().mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1);
}
