// A Follow button whose check failed (the provider's 5xx on "does the user follow this?", on
// the server and again in the browser): the user page's behaves as the artist page's, through
// the one LibraryButton (components/browse/LibraryButton.tsx, stores/library.ts changeInLibrary).
// Offered from off, its click asks first: one already followed is left followed, no second
// follow is sent, and the button then says Following.
import type { Page } from '@playwright/test';
import { accessTokenOf } from './helpers/access-token';
import { providerGet, searchCatalogue } from './helpers/catalogue';
import { actOnPage } from './helpers/in-app';
import { expect, test } from './fixtures';

test.use({ allowErrors: /Checks are resting|status of 503|HTTP 503: GET \S+\/me\/following\/contains/ });

/** Follows at the provider, as another device of the user's would (PUT me/following). */
async function followAtProvider(page: Page, sandboxUrl: string, type: 'artist' | 'user', id: string): Promise<void> {
  const token = await accessTokenOf(page);
  const response = await fetch(`${sandboxUrl}/v1/me/following?type=${type}&ids=${encodeURIComponent(id)}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok, `follow ${type} answered ${response.status}`).toBe(true);
}

test('a user page, as an artist page, whose follow check failed offers Follow, and its click asks first: no second follow', { tag: '@viewport-free' }, async ({ page, sandbox, signIn }) => {
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const me = await providerGet<{ id: string }>(page, sandbox.url, 'me');
  const [artist] = await searchCatalogue(page, sandbox.url, 'artist');
  const playlists = await searchCatalogue<{ id: string; name: string; owner: { id: string } }>(page, sandbox.url, 'playlist');
  const user = playlists.find((p) => p.owner.id !== me.id && p.owner.id !== 'spotify')!.owner.id;

  for (const [type, id, path] of [['artist', artist!.id, `/artist/${artist!.id}`], ['user', user, `/user/${user}`]] as const) {
    await followAtProvider(page, sandbox.url, type, id);
    await sandbox.clearFaults();
    await sandbox.addFault([
      { match: { method: 'GET', path: '^/v1/me/(following|library)/contains$' }, status: 503, body: { error: { status: 503, message: 'Checks are resting' } } },
      // Counts the follows sent (no answer of its own: each goes on to the provider).
      { match: { method: 'PUT', path: '^/v1/me/(following|library)$' } },
    ]);
    await page.goto(path);
    // Disabled as the server drew it (it could not tell); the island asks once it hydrates, on the user's first input.
    await actOnPage(page);
    const button = page.locator('.detail-header').getByRole('button', { name: /^Follow(ing)? / });
    // The server's check and the browser's own failed: offered from off, as the artist page's.
    await expect(button, type).toHaveAccessibleName(/^Follow /);
    await expect(button, type).toBeEnabled();
    await expect.poll(async () => (await sandbox.faultHits())[0], type).toBeGreaterThanOrEqual(2);
    await sandbox.clearFaults();
    await sandbox.addFault({ match: { method: 'PUT', path: '^/v1/me/(following|library)$' } });
    await button.click();
    // The click asked first: followed already, it stays so, and says so.
    await expect(button, type).toHaveAccessibleName(/^Following /);
    expect(await sandbox.faultHits(), `${type}: follows sent`).toEqual([0]);
    const [follows] = await providerGet<boolean[]>(page, sandbox.url, `me/following/contains?type=${type}&ids=${encodeURIComponent(id)}`);
    expect(follows, type).toBe(true);
  }
});
