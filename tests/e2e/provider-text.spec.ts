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
