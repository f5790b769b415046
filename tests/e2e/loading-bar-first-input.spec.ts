import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { searchCatalogue } from './helpers/catalogue';

/** How long the provider takes over the library's lists: the site's render of /collection waits that long. */
const PROVIDER_DELAY_MS = 3_000;

/** Holds the scripts `pattern` names for a long while, as a slow phone's network and CPU would. */
async function holdScripts(page: Page, pattern: RegExp): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue().catch(() => undefined);
  });
}

// Before the shell's script has come, the router's page had no watch at all (3.4 s of the old
// page with no bar); once it had come, the bar waited for React (1.3 s on a slow phone).
const CASES = [
  { before: "the shell's script has come", hold: (page: Page) => holdScripts(page, /\/_astro\/shell-client\.[^/]*\.js(\?|$)/), whenLoaded: async () => undefined },
  {
    before: 'React has come',
    hold: async () => undefined,
    // Once the page is loaded (the shell's script run), every script asked for from then on: the islands' React.
    whenLoaded: async (page: Page) => {
      await page.waitForLoadState('networkidle');
      await holdScripts(page, /\/_astro\/.*\.js(\?|$)/);
    },
  },
];

for (const { before, hold, whenLoaded } of CASES) {
  test(`a link tapped as the page's first input shows the top loading bar at once, before ${before}`, async ({ page, signIn, sandbox, sandboxUrl }, testInfo) => {
    await signIn(page, 'guest', { home: false });
    const [album] = await searchCatalogue<{ id: string; name: string }>(page, sandboxUrl, 'album', 1);
    await hold(page);
    await page.goto(`/album/${album!.id}`);
    await expect(page.locator('.detail-header h1')).toBeVisible();
    await whenLoaded(page);
    await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/(playlists|tracks|albums)' }, delayMs: PROVIDER_DELAY_MS });
    const library = page.locator(testInfo.project.name === 'mobile' ? '.bottom-nav' : '.side-nav').getByRole('link', { name: 'Your Library' });
    const bar = page.getByRole('progressbar', { name: 'Loading' });
    if (testInfo.project.name === 'mobile') await library.tap();
    else await library.click();
    const tappedAt = Date.now();
    await expect(bar).toBeVisible({ timeout: 500 });
    expect(Date.now() - tappedAt).toBeLessThan(600);
    // One bar, over the old page, until the new one has come; then it goes.
    await expect(bar).toHaveCount(1);
    await expect(page.locator('.detail-header h1')).toBeVisible();
    await expect(page).toHaveURL(/\/collection/, { timeout: PROVIDER_DELAY_MS * 3 });
    await expect(bar).toHaveCount(0);
  });
}
