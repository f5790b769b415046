import type { Page } from '@playwright/test';
import { providerGet } from './helpers/catalogue';
import { expect, test } from './fixtures';

// Provider text is never markup: an album, a playlist and a user whose names and
// description hold a script tag, event-handler attributes and a `javascript:` link
// (put there through the sandbox's test-only text hook) show that text as text on every
// page that shows them, and nothing of it runs. The Content Security Policy would refuse
// such a script too, but a refusal logs a console error, which fails the test: so passing
// means React never made markup of it, not only that the policy caught it.

/** A name with markup that, if ever parsed, sets window.providerTextRan to its label. */
const marked = (label: string) =>
  `${label} <script>window.providerTextRan='${label}'</script><img src="x" onerror="window.providerTextRan='${label}'"><a href="javascript:window.providerTextRan='${label}'">go</a>`;
const DESCRIPTION = `Mix <b onmouseover="window.providerTextRan='description'">bold</b><img src="x" onerror="window.providerTextRan='description'"><script>window.providerTextRan='description'</script>`;

interface Named {
  id: string;
  name: string;
  artists?: Named[];
}

async function seedText(sandboxUrl: string, body: Record<string, string>): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/__sandbox/texts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(answer.status, `seeding ${body.kind}`).toBe(204);
}

async function expectOnlyText(page: Page, route: string, texts: string[]): Promise<void> {
  await page.goto(route);
  for (const text of texts) await expect(page.getByText(text, { exact: true }).first(), `"${text.slice(0, 20)}…" on ${route}`).toBeVisible();
  // Nothing the texts hold became an element, and nothing ran.
  await expect(page.locator('img[src="x"], b[onmouseover], a[href^="javascript:"], script:text("providerTextRan")')).toHaveCount(0);
  await page.mouse.move(640, 300);
  expect(await page.evaluate(() => (window as unknown as { providerTextRan?: string }).providerTextRan), `code ran on ${route}`).toBeUndefined();
}

test('names and descriptions holding markup show as text on every page and never run', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  // On the desktop alone (@viewport-free): the same React text rendering as desktop; one viewport proves it.
  await signIn(page, 'guest', { home: false });
  const album = (await providerGet<{ albums: { items: Named[] } }>(page, sandbox.url, 'browse/new-releases?limit=1&offset=0&market=IN')).albums.items[0]!;
  const userId = 'aarav.sharma';
  const playlist = (await providerGet<{ items: Named[] }>(page, sandbox.url, `users/${userId}/playlists?limit=1`)).items[0]!;
  const artistId = album.artists![0]!.id;
  const artistAlbums = (await providerGet<{ items: Named[] }>(page, sandbox.url, `artists/${artistId}/albums?limit=10&offset=0`)).items;

  await seedText(sandbox.url, { kind: 'album', id: album.id, name: marked('album') });
  await seedText(sandbox.url, { kind: 'playlist', id: playlist.id, name: marked('playlist'), description: DESCRIPTION });
  await seedText(sandbox.url, { kind: 'user', id: userId, name: marked('user') });
  try {
    await expectOnlyText(page, `/album/${album.id}`, [marked('album')]);
    await expectOnlyText(page, '/album/new-release', [marked('album')]);
    await expectOnlyText(page, '/', [marked('album')]);
    if (artistAlbums.some((entry) => entry.id === album.id)) await expectOnlyText(page, `/artist/${artistId}`, [marked('album')]);
    await expectOnlyText(page, `/playlist/${playlist.id}`, [marked('playlist'), DESCRIPTION, marked('user')]);
    await expectOnlyText(page, `/user/${userId}`, [marked('user'), marked('playlist')]);
  } finally {
    await sandbox.reset();
  }
});

test('right-to-left names keep their place among the page’s text: artists in their order, the count after the name', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  // On the desktop alone (@viewport-free): the order of text is the browser's bidi rules, whatever the width.
  await signIn(page, 'guest', { home: false });
  type Track = Named & { album: Named };
  const tracks = (await providerGet<{ tracks: { items: Track[] } }>(page, sandbox.url, 'search?q=a&type=track&limit=50')).tracks.items;
  const duet = tracks.find((track) => track.artists!.length >= 2 && track.artists![0]!.id !== track.artists![1]!.id)!;
  const [first, second] = [duet.artists![0]!, duet.artists![1]!];
  const albumArtist = (await providerGet<{ artists: Named[] }>(page, sandbox.url, `albums/${duet.album.id}`)).artists[0]!;
  // Arabic names, and neutral text (bullets, the song count) between and after them.
  const names = new Map([[albumArtist.id, 'نور حسن'], [first.id, 'حسن منصور'], [second.id, 'ليلى خليل']]);
  for (const [id, name] of names) await seedText(sandbox.url, { kind: 'artist', id, name });
  try {
    await page.goto(`/album/${duet.album.id}`);
    const row = page.locator(`.track-row[data-track-id="${duet.id}"]`).first();
    const left = async (href: string) => (await row.locator(`.track-row__artists a[href="/artist/${href}"]`).boundingBox())!.x;
    // The first artist is the first one read in our left-to-right list: on the left.
    expect(await left(first.id)).toBeLessThan(await left(second.id));
    // The header's line: "year • artists • N songs • type", the count after the names.
    const meta = page.locator('.detail-header__meta');
    await expect(meta).toContainText(names.get(albumArtist.id)!);
    const layout = await meta.evaluate((element) => {
      const names = [...element.querySelectorAll('a')].map((link) => link.getBoundingClientRect().right);
      const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && /\d+ songs?/.test(node.textContent ?? ''))!;
      const range = document.createRange();
      const at = text.textContent!.search(/\d+ songs?/);
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return { namesEnd: Math.max(...names), count: range.getBoundingClientRect().left };
    });
    expect(layout.count).toBeGreaterThan(layout.namesEnd);
  } finally {
    await sandbox.reset();
  }
});
