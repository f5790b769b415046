import { searchCatalogue } from './helpers/catalogue';
import { REMOVED_CALLS_ANSWERS } from './helpers/development';
import { expect, test } from './fixtures';

// The browsing pages against a provider in development mode (DESIGN §2): what the
// provider removed is hidden or said to be unavailable, and nothing breaks. The
// provider answers the removed calls 403 or 404 once each (the client remembers);
// those answers, and only those, are expected in the browser's log.
test.use({ allowErrors: REMOVED_CALLS_ANSWERS });

interface CatalogueArtist {
  id: string;
  name: string;
}
interface CatalogueAlbum {
  id: string;
  name: string;
  total_tracks: number;
}
interface CataloguePlaylist {
  id: string;
  name: string;
  owner: { id: string };
}

test('home shows the recent plays and says the rest is not available', async ({ page, signIn }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Recent Played' })).toBeVisible();
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Recent Played' }) }).locator('.card').first()).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Not available for this app' }).first()).toBeVisible();
  await page.goto('/album/new-release');
  await expect(page.getByText('Not available for this app')).toBeVisible();
  await page.goto('/category/pop/playlists');
  await expect(page.getByRole('heading', { name: 'Playlist not availbale' })).toBeVisible();
});

test('an artist hides Popular Tracks, Fans Also like, Verified and listeners but shows its albums; its full lists say what they can', async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [artist] = await searchCatalogue<CatalogueArtist>(page, sandboxUrl, 'artist', 5);
  await page.goto(`/artist/${artist!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: artist!.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Albums By ${artist!.name}` })).toBeVisible();
  await expect(page.locator('a.card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Tracks' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Fans Also like' })).toHaveCount(0);
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/monthly listeners/)).toHaveCount(0);
  await expect(page.locator('.detail-header').getByRole('button', { name: /^(Follow|Following) / })).toBeEnabled();
  await page.goto(`/artist/${artist!.id}/albums`);
  await expect(page.getByRole('heading', { level: 1, name: `Albums By ${artist!.name}` })).toBeVisible();
  await expect(page.locator('.card-grid a.card').first()).toBeVisible();
  await page.goto(`/artist/${artist!.id}/related-artists`);
  await expect(page.getByRole('heading', { level: 1, name: `Fans Also like ${artist!.name}` })).toBeVisible();
  await expect(page.getByText('Not available for this app')).toBeVisible();
});

test('an album shows its header and tracks; popular playlists say they are not available; the recent plays show', async ({ page, signIn, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  const [album] = await searchCatalogue<CatalogueAlbum>(page, sandboxUrl, 'album', 5);
  await page.goto(`/album/${album!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: album!.name })).toBeVisible();
  await expect(page.getByRole('list', { name: `Tracks of ${album!.name}` }).getByRole('listitem')).toHaveCount(Math.min(20, album!.total_tracks));
  await expect(page.locator('.detail-header').getByRole('button', { name: /^(Save|Saved) / })).toBeEnabled();
  await page.goto('/playlist/popular');
  await expect(page.getByText('Not available for this app')).toBeVisible();
  await page.goto('/track/recent-played');
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Played' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent Played' }).getByRole('listitem').first()).toBeVisible();
});

test("a playlist the user does not own shows its header and says its tracks are not available; other users' pages are not available", async ({ page, signIn, sandboxUrl, sandbox }) => {
  await signIn(page, 'guest', { home: false });
  const playlists = await searchCatalogue<CataloguePlaylist>(page, sandboxUrl, 'playlist', 10);
  const foreign = playlists.find((playlist) => playlist.owner.id !== 'guest' && playlist.owner.id !== 'spotify')!;
  await page.goto(`/playlist/${foreign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: foreign.name })).toBeVisible();
  await expect(page.getByText("This playlist's tracks: Not available for this app")).toBeVisible();
  // Development mode gives no total for it: the header names no count, never "0 songs".
  await expect(page.locator('.detail-header__meta')).not.toContainText(/\d+ songs?\b/);
  // The owner cannot be opened in development mode, so it is plain text.
  await page.goto(`/user/${foreign.owner.id}`);
  // Said like the other pages that lack a part: a heading, then what is not available.
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText("This user's profile: Not available for this app")).toBeVisible();
  // Known gone, a user's page asks nothing for a Follow it does not show.
  await sandbox.addFault({ match: { path: 'library/contains.*spotify(:|%3A)user' } });
  await page.goto(`/user/${foreign.owner.id}`);
  await expect(page.getByText("This user's profile: Not available for this app")).toBeVisible();
  expect(await sandbox.faultHits(), 'Follow flags asked').toEqual([0]);
  await page.goto(`/playlist/${foreign.id}`);
  await expect(page.locator('.detail-header a[href^="/user/"]')).toHaveCount(0);
});
