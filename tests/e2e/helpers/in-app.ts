// Moving inside the app the way a click on a link does, so Astro's client router swaps
// the page in place (a page.goto would load it whole). Used by e2e tests and benches.
import type { Page } from '@playwright/test';

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
