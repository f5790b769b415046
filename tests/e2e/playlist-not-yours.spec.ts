import type { Page } from '@playwright/test';
import { signIn as signInToProvider } from '../../sandbox/tests/oauth';
import { searchCatalogue } from './helpers/catalogue';
import { expect, test } from './fixtures';

// DESIGN §2 on the extended profile: another user's private playlist answers 404 (the provider
// shows it to nobody else), which is "Playlist Not Found", never "this app may not read playlists'
// tracks". Each test has a session of its own, so nothing learnt before it stands in for the
// first 404 of a session (a shared one has learnt the endpoint answers, and then reads it right).
// The free account's player is refused its device (403): no Premium.
test.use({ allowErrors: /HTTP 404: GET \S+\/playlist\/|status of 404|(HTTP 403: POST |status of 403 \(Forbidden\) \(at )\S+\/sdk\/v1\/devices/, ownSession: true });

/** The guest's own private playlist, read with the guest's token (the free account cannot see it). */
async function guestPrivatePlaylist(sandboxUrl: string): Promise<string> {
  const { access_token: token } = await signInToProvider(sandboxUrl, ['playlist-read-private']);
  const answer = await fetch(`${sandboxUrl}/v1/me/playlists?limit=50`, { headers: { Authorization: `Bearer ${token}` } });
  const { items } = (await answer.json()) as { items: { id: string; public: boolean; owner: { id: string } }[] };
  const found = items.find((playlist) => !playlist.public && playlist.owner.id === 'guest');
  if (!found) throw new Error('the guest has no private playlist');
  return found.id;
}

/** What the page's server says its calls know of the provider (ServerNotices.astro's mark), joined. */
async function toldCapabilities(page: Page): Promise<string> {
  return (await page.locator('[data-capabilities]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-capabilities')))).join(' ');
}

test("the free account opens the guest's private playlist (not found), then a public one: its tracks show, and playlists' tracks are not learnt missing", { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  const hidden = await guestPrivatePlaylist(sandbox.url);
  await signIn(page, 'free', { home: false });

  await page.goto(`/playlist/${hidden}`);
  await expect(page.getByRole('heading', { name: 'Playlist Not Found' })).toBeVisible();
  expect(await toldCapabilities(page)).not.toContain('"legacyPlaylistTracks":"missing"');

  const [shown] = await searchCatalogue<{ id: string; name: string }>(page, sandbox.url, 'playlist', 5);
  // Counts the asks of the seed's playlists/{id}/tracks for it: the fallback (/items) would not.
  await sandbox.addFault({ match: { method: 'GET', path: `^/v1/playlists/${shown!.id}/tracks` } });
  await page.goto(`/playlist/${shown!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: shown!.name })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Tracks of / }).locator('.track-row').first()).toBeVisible();
  expect((await sandbox.faultHits())[0]).toBeGreaterThan(0);
  expect(await toldCapabilities(page)).not.toContain('"legacyPlaylistTracks":"missing"');
  expect(await page.evaluate(() => sessionStorage.getItem('CAPABILITIES') ?? '')).not.toContain('"legacyPlaylistTracks":"missing"');
});
