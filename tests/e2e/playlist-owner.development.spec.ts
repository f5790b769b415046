import { searchCatalogue } from './helpers/catalogue';
import { REMOVED_CALLS_ANSWERS } from './helpers/development';
import { expect, test } from './fixtures';

// DESIGN §2: in development mode other users' profiles are gone, and the owner of another user's
// playlist stays plain text. The page knows it before it draws the owner, from a new session's
// first playlist on: a link there led the first click to "Not available for this app". A session
// of its own: what an earlier test learnt would leave nothing to ask.
test.use({ allowErrors: REMOVED_CALLS_ANSWERS, ownSession: true });

interface CataloguePlaylist {
  id: string;
  name: string;
  owner: { id: string; display_name?: string | null };
}

test("a new session's first playlist of another user shows the owner as plain text, and users/{id} is asked once for the session", async ({ page, sandbox, sandboxUrl, signIn }) => {
  await signIn(page, 'guest', { home: false });
  const playlists = await searchCatalogue<CataloguePlaylist>(page, sandboxUrl, 'playlist', 10);
  const [first, second] = playlists.filter((playlist) => playlist.owner.id !== 'guest' && playlist.owner.id !== 'spotify');
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/users/' } });

  for (const playlist of [first!, second!]) {
    await page.goto(`/playlist/${playlist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
    const meta = page.locator('.detail-header__meta');
    await expect(meta.getByText(playlist.owner.display_name || playlist.owner.id, { exact: true })).toBeVisible();
    await expect(page.locator('.detail-header a[href^="/user/"]')).toHaveCount(0);
  }
  expect(await sandbox.faultHits(), 'users/{id} asked').toEqual([1]);
});
