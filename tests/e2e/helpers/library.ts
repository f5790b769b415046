import { expect, type Locator, type Page } from '@playwright/test';

// The library walks' shared steps (library.spec.ts, library.development.spec.ts).

/** The first album, artist or user card of a see-all page: its path. */
export async function firstCardPath(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const card = page.locator('.card-grid a.card').first();
  await expect(card).toBeVisible();
  return new URL((await card.getAttribute('href'))!, page.url()).pathname;
}

/** Turns a Save/Follow button on, from whatever it shows; resolves when the provider agreed. */
export async function turnOn(button: Locator, on: string): Promise<void> {
  await expect(button).toBeEnabled();
  // Its name says its state: Save or Saved, Follow or Following.
  if (!(await button.getAttribute('aria-label'))!.startsWith(`${on} `)) await button.click();
  await expect(button).toHaveAccessibleName(new RegExp(`^${on} `));
}
