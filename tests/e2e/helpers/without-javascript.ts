import type { Browser, Page, TestInfo } from '@playwright/test';

/** A browser context without JavaScript, signed in as `page` is (the session cookie), at the project's viewport. */
export async function withoutJavaScript(browser: Browser, page: Page, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: testInfo.project.use.viewport,
  });
  return context.newPage();
}
