import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Saves what `target` (a page, or one element of it) shows, for a person to look at:
 * `<project output>/screens/<project>-<name>.png` (test-results/screens/ for a run's pictures
 * side by side). `fullPage` takes a page's whole length, not only the viewport.
 */
export async function saveScreen(target: Page | Locator, testInfo: TestInfo, name: string, { fullPage = false } = {}): Promise<void> {
  const path = `${testInfo.project.outputDir}/screens/${testInfo.project.name}-${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
