import { expect, type Page } from '@playwright/test';

// The command palette as the tests open it (palette.spec.ts, text-size.spec.ts).

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
export const paletteField = (page: Page) => page.getByRole('combobox', { name: 'Go to a page, run an action or find music' });

/**
 * Waits until the shell's script listens for Ctrl+K: it runs as the page is parsed, before its
 * load event, with no island needed (the palette's island hydrates as the key opens it).
 */
export async function paletteReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
}

/**
 * Ctrl+K: the palette opens with the keyboard in its field. Its island hydrates and its chunk
 * loads on this first use: the press is made again once the palette has not opened in 3 s,
 * never while it shows, since the key also closes it.
 */
export async function openPaletteByKey(page: Page): Promise<void> {
  await expect(async () => {
    if (!(await palette(page).isVisible())) await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await expect(paletteField(page)).toBeFocused();
}
