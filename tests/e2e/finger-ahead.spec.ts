import { searchCatalogue } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';
import { expect, test } from './fixtures';

// A finger on an in-app link fetches its page ahead only once it rests there (or taps it): a
// swipe that starts on a link is a scroll (src/components/shell/finger-ahead.ts), whose page
// would compete on a slow connection with the list's next page.

test('on a phone, a swipe that starts on an artist link fetches nothing ahead; a finger resting there does', { tag: '@phone-only' }, async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue<{ id: string; name: string }>(page, sandboxUrl, 'album', 1);
  await page.goto(`/album/${album!.id}`);
  await actOnPage(page);
  const link = page.locator('.track-row__artists a[href^="/artist/"]').nth(1);
  const path = (await link.getAttribute('href'))!;
  const asked: string[] = [];
  page.on('request', (request) => void (new URL(request.url()).pathname === path && asked.push(request.url())));
  const box = (await link.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await page.context().newCDPSession(page);

  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 30 * step }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(600);
  expect(asked).toEqual([]);

  // The swipe may fling the page on, far past the link (a run's fling left it 800 px above the
  // screen, and the finger went down on nothing): once the page is still, the link is brought
  // back into view for the finger to rest on.
  const stillness = async () => {
    let lastY = -1;
    await expect.poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === lastY;
      lastY = y;
      return still;
    }, { intervals: [150] }).toBe(true);
  };
  await stillness();
  await link.scrollIntoViewIfNeeded();
  await stillness();
  const rested = (await link.boundingBox())!;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: rested.x + rested.width / 2, y: rested.y + rested.height / 2 }] });
  await expect.poll(() => asked.length).toBe(1);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
});

// The pointer's counterpart: cards scrolled under a still pointer by the wheel fetch nothing ahead
// (each fetched page took a place in Back's memory from a page the user had visited); the pointer
// moved onto a card's link does.
test('on a desktop, cards the wheel scrolls under a still pointer fetch nothing ahead; the pointer moved onto one does', { tag: '@viewport-free' }, async ({ page, signIn }) => {
  await signIn(page, 'guest', { home: false });
  await page.goto('/album/new-release');
  const cards = page.locator('#content a[href^="/album/"]');
  await expect(cards.first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() !== 'image' && /^\/album\/(?!new-release)/.test(pathname)) asked.push(pathname);
  });
  // The pointer comes to rest over the grid, between cards' links or on one: then only the wheel.
  const box = (await cards.nth(2).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => asked.length).toBe(1);
  asked.length = 0;
  for (let flick = 0; flick < 6; flick++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);

  // Moved onto the link under it now: its page is fetched ahead.
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 + 3);
  await expect.poll(() => asked.length).toBe(1);
});
