import { expect, test } from './fixtures';

// The smallest proof that the built site serves a page to a real Chromium on
// both projects; the fixtures fail it on any console error or failed request.
test('the landing page loads with no console error or failed request', async ({ page }) => {
  const response = await page.goto('/auth');
  expect(response?.status()).toBe(200);
  await expect(page.locator('body')).toBeVisible();
  expect(await page.title()).not.toBe('');
  // Late requests (images, fonts, scripts) are checked too before the test ends.
  await page.waitForLoadState('networkidle');
});
