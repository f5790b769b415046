import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Whether this run saves pictures: where a person may look at them, not in CI, where nobody
 * does (a failing test still leaves Playwright's own screenshot). A picture costs the browser
 * 0.35 s of a 1280×800 page's CPU as PNG, 0.9 s whole, about a hundred of them a run.
 * SAVE_SCREENS=1 saves them in CI too; SAVE_SCREENS=0 skips them anywhere.
 */
export const SAVES_SCREENS = process.env.SAVE_SCREENS ? process.env.SAVE_SCREENS === '1' : !process.env.CI;

/**
 * Saves what `target` (a page, or one element of it) shows, for a person to look at:
 * `<project output>/screens/<project>-<name>.png` (test-results/screens/ for a run's pictures
 * side by side). `fullPage` takes a page's whole length, not only the viewport.
 */
export async function saveScreen(target: Page | Locator, testInfo: TestInfo, name: string, { fullPage = false } = {}): Promise<void> {
  if (!SAVES_SCREENS) return;
  const path = `${testInfo.project.outputDir}/screens/${testInfo.project.name}-${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
