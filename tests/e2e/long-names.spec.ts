import type { Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe';
import { providerGet } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';
import { saveScreen } from './helpers/screens';
import { expect, test } from './fixtures';

// A provider's text may be one long word (a one-word artist's name, a description without a
// space): it breaks or ends in an ellipsis where it is shown, and never widens the page. A
// 34-letter name made a phone's page 465 px wide (its bottom navigation and mini player off
// the screen), a 120-letter one and a 300-letter description a desktop page 3,600 px.

interface Named {
  id: string;
  name: string;
  artists?: Named[];
}

const WORD = 'Supercalifragilisticexpialidocious'.repeat(4); // 136 letters, no space
const DESCRIPTION = 'D'.repeat(300);

async function seedText(sandboxUrl: string, body: Record<string, string>): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/__sandbox/texts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(answer.status, `seeding ${body.kind}`).toBe(204);
}

async function expectPageWidth(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.getByText(WORD.slice(0, 40)).first(), route).toBeVisible();
  const { document, viewport } = await page.evaluate(() => ({ document: window.document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(document, `the page's width on ${route}`).toBeLessThanOrEqual(viewport);
}

test('a long word of provider text (a name, a description) never widens the page', async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const album = (await providerGet<{ albums: { items: Named[] } }>(page, sandbox.url, 'browse/new-releases?limit=1&offset=0&market=IN')).albums.items[0]!;
  const artistId = album.artists![0]!.id;
  const userId = 'aarav.sharma';
  const playlist = (await providerGet<{ items: Named[] }>(page, sandbox.url, `users/${userId}/playlists?limit=1`)).items[0]!;
  await seedText(sandbox.url, { kind: 'artist', id: artistId, name: WORD });
  await seedText(sandbox.url, { kind: 'album', id: album.id, name: `${WORD}A` });
  await seedText(sandbox.url, { kind: 'playlist', id: playlist.id, name: `${WORD}P`, description: `${WORD}${DESCRIPTION}` });
  await seedText(sandbox.url, { kind: 'user', id: userId, name: `${WORD}U` });
  try {
    for (const route of [
      `/artist/${artistId}/albums`,
      `/artist/${artistId}/related-artists`,
      `/artist/${artistId}`,
      `/album/${album.id}`,
      `/playlist/${playlist.id}`,
      `/user/${userId}`,
      '/album/new-release',
    ]) {
      await expectPageWidth(page, route);
    }
    // An album tile's artist: broken onto its two lines and ended with an ellipsis, not cut off mid-word.
    await page.goto(`/artist/${artistId}/albums`);
    const subtitle = page.locator('.card__subtitle').first();
    await expect(subtitle).toContainText(WORD.slice(0, 20));
    const cut = await subtitle.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, 'the tile line is cut sideways').toBe(false);
  } finally {
    await sandbox.reset();
  }
});

test('a long playlist description shows three lines, and "more" opens the rest (no tooltip): the header stays on the first screen', async ({ page, signIn, sandbox }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const playlist = (await providerGet<{ items: Named[] }>(page, sandbox.url, 'users/aarav.sharma/playlists?limit=1')).items[0]!;
  const description = 'A very long description of songs for a long drive. '.repeat(100).trim();
  await seedText(sandbox.url, { kind: 'playlist', id: playlist.id, description });
  try {
    await page.goto(`/playlist/${playlist.id}`);
    const shown = page.locator('.detail-header__description');
    // Whole in the page, once, and no tooltip says it again (no finger or key opens one).
    await expect(shown).toHaveText(description);
    await expect(page.getByText(description)).toHaveCount(1);
    await expect(page.locator('.detail-header__about [title]')).toHaveCount(0);
    const lines = () => shown.evaluate((element) => element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight));
    expect(await lines()).toBeLessThanOrEqual(3.05);
    // The first track follows the header within the first screen on the desktop, not pages further down.
    if ((page.viewportSize()?.width ?? 0) >= 1000) await expect(page.locator('.track-row').first()).toBeInViewport();

    // Once the island has hydrated (the first input), the cut text offers "more".
    await actOnPage(page);
    const more = page.getByRole('button', { name: 'more', exact: true });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(await more.getAttribute('aria-controls')).toBe(await shown.getAttribute('id'));
    await saveScreen(page, testInfo, 'description-folded');
    await more.click();
    const less = page.getByRole('button', { name: 'less', exact: true });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect(less).toBeFocused();
    expect(await lines()).toBeGreaterThan(10);
    expect(await seriousViolations(page, 'the opened description', { within: '.detail-header' })).toEqual([]);
    await saveScreen(page, testInfo, 'description-open');
    await less.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    expect(await lines()).toBeLessThanOrEqual(3.05);
  } finally {
    await sandbox.reset();
  }
});

test('a playlist description offers "more" only where it is cut, measured again as the width changes', async ({ page, signIn, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const playlist = (await providerGet<{ items: Named[] }>(page, sandbox.url, 'users/aarav.sharma/playlists?limit=1')).items[0]!;
  // Two lines on a desktop's header, five or so on a phone's.
  const description = 'Slow songs for a long drive home through the hills after the rain, with the windows down, the radio low and nowhere to be until the morning comes over the sea and the town wakes up.';
  await seedText(sandbox.url, { kind: 'playlist', id: playlist.id, description });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/playlist/${playlist.id}`);
    await actOnPage(page);
    const more = page.getByRole('button', { name: 'more', exact: true });
    await expect(more).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(more).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(more).toBeVisible();
  } finally {
    await sandbox.reset();
  }
});

test("a long name of many words shows whole in a detail page's header, smaller, and its heading says it whole as a tooltip", async ({ page, signIn, sandbox }, testInfo) => {
  await signIn(page, 'guest', { home: false });
  const album = (await providerGet<{ albums: { items: Named[] } }>(page, sandbox.url, 'browse/new-releases?limit=1&offset=0&market=IN')).albums.items[0]!;
  // 150 letters, and markup that must stay words.
  const name = "The Extraordinarily Long And Winding Road Of Midnight <b>Symphonies</b> Played Under a Neon Moon (Deluxe Anniversary Remastered Edition) [Live at '97]";
  expect(name).toHaveLength(150);
  await seedText(sandbox.url, { kind: 'album', id: album.id, name });
  try {
    await page.goto(`/album/${album.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(name);
    await expect(heading).toHaveAttribute('title', name);
    await expect(heading.locator('b')).toHaveCount(0);
    const shown = await heading.evaluate((element) => {
      const style = getComputedStyle(element);
      return { lines: element.scrollHeight / Number.parseFloat(style.lineHeight), size: Number.parseFloat(style.fontSize), height: element.getBoundingClientRect().height };
    });
    expect(shown.size, 'a readable size').toBeGreaterThanOrEqual(18);
    // Whole: nothing folded away under an ellipsis.
    const narrow = (page.viewportSize()?.width ?? 0) < 900;
    expect(shown.lines, 'lines, all shown').toBeLessThanOrEqual(narrow ? 6.05 : 3.05);
    expect(shown.height, "the name's height").toBeLessThanOrEqual(narrow ? 120 : 100);
    const cut = await heading.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(cut, 'the name is cut').toBe(false);
    // The desktop's first track follows on the first screen (the header was 480 px tall).
    if (!narrow) await expect(page.locator('.track-row').first()).toBeInViewport();
    await saveScreen(page, testInfo, 'long-name-header');
  } finally {
    await sandbox.reset();
  }
});
