import type { Locator } from '@playwright/test';

/**
 * The words `control`'s tooltip shows (as its `content`: `"LogOut" / ""`), or null while it shows
 * none. The tip exists only while it shows (global.css): it has words on focus, or on hover where
 * a pointer hovers; Escape and an open menu make it unseen, a wide top bar takes it away.
 */
export function tooltipOf(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const tip = getComputedStyle(element, '::after');
    const none = tip.display === 'none' || tip.content === 'none' || tip.content === 'normal' || Number(tip.opacity) === 0;
    return none ? null : tip.content;
  });
}
