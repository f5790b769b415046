// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import { checkLibrary, toggleInLibrary } from '../../src/stores/library';
import { keepPage, keptPage } from '../../src/stores/page-memory';
import { $profile } from '../../src/stores/profile';
import { syncRoute } from '../../src/stores/route';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

let running: RunningSandbox;

beforeAll(async () => {
  ({ running } = await startSignedIn());
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe('the own profile from the route', () => {
  it('paints from memory on return, but loads afresh after a follow made while it was shown', async () => {
    syncRoute('/user/me');
    const stop = $profile.listen(() => undefined);
    await vi.waitFor(() => expect($profile.get().sections.following.status).toBe('ready'));
    expect($profile.get().data?.id).toBe('guest');

    syncRoute('/collection');
    syncRoute('/user/me');
    expect($profile.get().data?.id).toBe('guest');
    expect($profile.get().loading).toBe(false);

    // A follow while the profile shows (a card's button): leaving must not keep the stale page.
    const { artists } = await search('Sol', ['artist']);
    const id = artists.items[0]!.id;
    await checkLibrary('artist', [id]);
    await toggleInLibrary('artist', id);
    syncRoute('/collection');
    syncRoute('/user/me');
    expect($profile.get().data).toBeNull();
    await vi.waitFor(() => expect($profile.get().sections.following.status).toBe('ready'));
    stop();
  });

  it("forgets the /user/me page kept for back and forward after a follow: its seed shows the old Your Following", async () => {
    keepPage('/user/me', '<html>the profile before</html>');
    keepPage('/album/kept', '<html>an album</html>');
    const { artists } = await search('Luna', ['artist']);
    const id = artists.items[0]!.id;
    await checkLibrary('artist', [id]);
    await toggleInLibrary('artist', id);
    expect(await keptPage('/user/me', true)).toBeNull();
    // Pages that do not show Your Following stay.
    expect(await keptPage('/album/kept', true)).toBe('<html>an album</html>');
    await toggleInLibrary('artist', id);
  });
});
