// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The playlist page's loader (src/server/pages/playlist.ts) against a real sandbox in each profile:
// whether another user's name is drawn as a link (other users' profiles open to this app, DESIGN
// §2) is known before the page draws it, learnt once a session beside the playlist's own calls.
import { describe, expect, it, vi } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import type { ApiProfile } from '../../sandbox/env';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { addFault, useServerSandbox } from './helpers/sandbox';
import { siteContext, type SessionStore } from './helpers/site-session';

describe.each<[ApiProfile, boolean]>([
  ['extended', true],
  // users/{id} is gone there: the owner stays plain text (DESIGN §2).
  ['development', false],
])("in the %s profile, a new session's first playlist of another user", (profile, open) => {
  const sandbox = useServerSandbox(profile);

  const tokens = (): TokenSet => ({ accessToken: sandbox().token('guest'), refreshToken: null, expiresAt: null, renewAt: null });

  it(`knows in its head that the owner ${open ? 'is' : 'is not'} a link, and the session's next playlist asks nothing more`, async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { startPlaylistPage } = await import('../../src/server/pages/playlist');
    // Development mode allows 10 a page of search (DESIGN §2).
    const limit = profile === 'development' ? 10 : 50;
    const found = (await (await sandbox().get(`/v1/search?q=a&type=playlist&limit=${limit}`, sandbox().token('guest'))).json()) as {
      playlists: { items: ({ id: string; owner: { id: string } } | null)[] };
    };
    const [first, second] = found.playlists.items.filter((playlist) => playlist && playlist.owner.id !== 'guest' && playlist.owner.id !== 'spotify');
    const sessions: SessionStore = new Map([['s1', new Map<string, unknown>()]]);
    const render = (id: string) => {
      const context = siteContext(new Request('http://127.0.0.1:4331/playlist/x', { headers: { cookie: 'my-music-session=s1' } }), sessions);
      return runPageCalls(context, tokens(), () => startPlaylistPage(context, id).head);
    };
    // Counted: users/{id} (the question), and the playlist itself, held a while.
    const held = 1_000;
    await addFault(sandbox().url, [{ match: { path: '^/v1/users/' } }, { match: { path: `^/v1/playlists/${first!.id}$` }, delayMs: held }]);

    const started = Date.now();
    const rendering = render(first!.id);
    // Asked beside the playlist, not after it: while the playlist is still held.
    await vi.waitFor(async () => expect((await faultHits(sandbox().url))[0]).toBe(1), { timeout: held, interval: 20 });
    expect(Date.now() - started).toBeLessThan(held);
    const head = await rendering;
    expect(head.data?.owner.id).toBe(first!.owner.id);
    expect(head.usersOpen).toBe(open);
    expect(sessions.get('s1')?.get('capabilities')).toMatchObject({ otherUsers: open ? 'available' : 'missing' });
    expect(await faultHits(sandbox().url)).toEqual([1, 1]);

    await clearFaults(sandbox().url);
    await addFault(sandbox().url, { match: { path: '^/v1/users/' } });
    expect((await render(second!.id)).usersOpen).toBe(open);
    expect(await faultHits(sandbox().url)).toEqual([0]);
  });
});
