// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The library route (src/pages/session/library.ts), the library's buttons with JavaScript off,
// against a real sandbox: it makes the change for the session through the provider client the
// pages use, sends the browser back, and on a refusal changes nothing and leaves SPEC §8's words
// for the page it sends the browser back to.
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import { clearFaults } from '../../sandbox/tests/harness';
import { addFault, useServerSandbox } from './helpers/sandbox';
import { siteContext, type SessionStore } from './helpers/site-session';

const SITE = 'http://127.0.0.1:4321';

describe('the library route', () => {
  const sandbox = useServerSandbox();

  /** A signed-in session in a store of its own, and a way to post the library form as its browser does. */
  async function signedIn(tokens: TokenSet = { accessToken: sandbox().token('guest'), refreshToken: null, expiresAt: null, renewAt: null }) {
    const { startSession } = await import('../../src/server/session-tokens');
    const { POST } = await import('../../src/pages/session/library');
    const sessions: SessionStore = new Map();
    const id = await startSession(siteContext(new Request(`${SITE}/callback`), sessions), tokens);
    const cookie = `my-music-session=${id}`;
    const post = async (fields: [string, string][], headers: Record<string, string> = {}) => {
      const context = siteContext(
        new Request(`${SITE}/session/library`, {
          method: 'POST',
          headers: { cookie, Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(fields).toString(),
        }),
        sessions,
      );
      const response = await POST(context as never);
      return { response, context, setCookies: [...context.cookies.headers()] };
    };
    /** The notice the page sent back to shows, taken as the middleware takes it, and the cookies that page's answer sets. */
    const noticeFor = async (setCookies: string[]) => {
      const { takePageNotice } = await import('../../src/server/page-notice');
      const mark = setCookies.find((line) => line.startsWith('my-music-page-notice='))?.split(';')[0];
      const context = siteContext(new Request(`${SITE}/`, { headers: { cookie: [cookie, mark].filter(Boolean).join('; ') } }), sessions);
      return { words: await takePageNotice(context), setCookies: [...context.cookies.headers()] };
    };
    return { post, noticeFor, sessions, id };
  }

  const inLibrary = async (path: string): Promise<boolean> => {
    const answer = await sandbox().get(`/v1/${path}`, sandbox().token('guest'));
    return ((await answer.json()) as boolean[])[0] === true;
  };

  const firstOf = async (type: 'track' | 'album' | 'artist') => {
    const found = (await (await sandbox().get(`/v1/search?q=a&type=${type}&limit=5`, sandbox().token('guest'))).json()) as Record<string, { items: { id: string }[] }>;
    return found[`${type}s`]!.items[0]!.id;
  };

  it('likes a track, saves an album and follows an artist and a user for the session, and takes each back; each time 303 to the page, its query kept', async () => {
    const { post } = await signedIn();
    const [track, album, artist] = [await firstOf('track'), await firstOf('album'), await firstOf('artist')];
    const checks: [string, string, string][] = [
      ['track', track, `me/tracks/contains?ids=${track}`],
      ['album', album, `me/albums/contains?ids=${album}`],
      ['artist', artist, `me/following/contains?type=artist&ids=${artist}`],
      ['user', 'aarav.sharma', 'me/following/contains?type=user&ids=aarav.sharma'],
    ];
    for (const [kind, id, contains] of checks) {
      // From whatever the library holds (the guest follows some users), there and back.
      const before = await inLibrary(contains);
      const [there, back] = before ? (['remove', 'add'] as const) : (['add', 'remove'] as const);
      const changed = await post([['back', '/album/x?pages=2'], [there, `${kind}:${id}`]]);
      expect(changed.response.status, kind).toBe(303);
      expect(changed.response.headers.get('Location')).toBe('/album/x?pages=2');
      expect(await inLibrary(contains), `${kind} ${there}`).toBe(!before);
      // The same press again (a page shown before the change): nothing flips back.
      await post([['back', '/'], [there, `${kind}:${id}`]]);
      expect(await inLibrary(contains), `${kind} ${there} twice`).toBe(!before);
      const undone = await post([['back', '/collection'], [back, `${kind}:${id}`]]);
      expect(undone.response.headers.get('Location')).toBe('/collection');
      expect(await inLibrary(contains), `${kind} ${back}`).toBe(before);
    }
  });

  it("puts a playlist (back) in the session's library: its owner's Save, the one way the form offers for a playlist", async () => {
    const { post } = await signedIn();
    const found = (await (await sandbox().get('/v1/search?q=a&type=playlist&limit=5', sandbox().token('guest'))).json()) as { playlists: { items: ({ id: string } | null)[] } };
    const playlist = found.playlists.items.find((item) => item !== null)!.id;
    const contains = `me/library/contains?uris=spotify:playlist:${playlist}`;
    const token = sandbox().token('guest');
    await sandbox().send('DELETE', `/v1/me/library?uris=spotify:playlist:${playlist}`, token);
    expect(await inLibrary(contains)).toBe(false);
    const saved = await post([['back', `/playlist/${playlist}`], ['add', `playlist:${playlist}`]]);
    expect(saved.response.headers.get('Location')).toBe(`/playlist/${playlist}`);
    expect(await inLibrary(contains)).toBe(true);
    expect((await post([['back', '/'], ['remove', `playlist:${playlist}`]])).response.status).toBe(400);
    await sandbox().send('DELETE', `/v1/me/library?uris=spotify:playlist:${playlist}`, token);
  });

  it("sends the browser home for a back address that is not this site's path, and refuses a form that asks for no change", async () => {
    const { post } = await signedIn();
    const track = await firstOf('track');
    const away = await post([['back', '//evil.example/x'], ['add', `track:${track}`]]);
    expect(away.response.status).toBe(303);
    expect(away.response.headers.get('Location')).toBe('/');
    await post([['remove', `track:${track}`]]);
    const odd = await post([['back', '/'], ['add', 'track:a,b']]);
    expect(odd.response.status).toBe(400);
  });

  it('sends a browser with no session to /auth, asking the provider nothing', async () => {
    const { POST } = await import('../../src/pages/session/library');
    const context = siteContext(new Request(`${SITE}/session/library`, { method: 'POST', headers: { Origin: SITE }, body: 'add=track%3At1&back=%2F' }), new Map());
    const response = await POST(context as never);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/auth');
  });

  it("on the provider's refusal changes nothing, and leaves SPEC §8's words, the provider's own included, for the page it goes back to, once", async () => {
    const { post, noticeFor, sessions, id } = await signedIn();
    const track = await firstOf('track');
    try {
      await addFault(sandbox().url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 503, body: { error: { status: 503, message: 'The library is resting' } } });
      const refused = await post([['back', '/album/x'], ['add', `track:${track}`]]);
      expect(refused.response.status).toBe(303);
      expect(refused.response.headers.get('Location')).toBe('/album/x');
      expect(await inLibrary(`me/tracks/contains?ids=${track}`)).toBe(false);
      const told = await noticeFor(refused.setCookies);
      expect(told.words).toBe('The library is resting');
      // Taken: that page's answer clears the mark and the session holds the words no more, so a reload says nothing.
      expect(told.setCookies.some((line) => /^my-music-page-notice=;|^my-music-page-notice=deleted/.test(line) || (line.startsWith('my-music-page-notice=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)))).toBe(true);
      expect(sessions.get(id)?.get('pageNotice')).toBeUndefined();
      expect((await noticeFor([])).words).toBeNull();
      // A 4xx with the provider's message, which a script's toggle keeps silent (SPEC §8): the page comes back the same, and says so.
      await clearFaults(sandbox().url);
      await addFault(sandbox().url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 400, body: { error: { status: 400, message: 'Nope' } } });
      const silent = await post([['back', '/album/x'], ['add', `track:${track}`]]);
      expect((await noticeFor(silent.setCookies)).words).toBe('Something went wrong');
      expect(await inLibrary(`me/tracks/contains?ids=${track}`)).toBe(false);
    } finally {
      await clearFaults(sandbox().url);
    }
  });

  it('leaves for /auth with Session Expired when the provider ends the session (a 401 no refresh mends), and the session is gone', async () => {
    const { post, sessions, id } = await signedIn();
    const track = await firstOf('track');
    try {
      await addFault(sandbox().url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 401, body: { error: { status: 401, message: 'The access token expired' } } });
      const ended = await post([['back', '/album/x'], ['add', `track:${track}`]]);
      expect(ended.response.status).toBe(303);
      expect(ended.response.headers.get('Location')).toBe('/auth');
      expect(ended.setCookies.some((line) => line.startsWith('my-music-notice=session-expired'))).toBe(true);
      expect(sessions.has(id)).toBe(false);
    } finally {
      await clearFaults(sandbox().url);
    }
  });
});

// DESIGN §2: development mode removed me/tracks and its kin; the route's change goes through the
// same API module as the browser's toggle, so it learns that for the session and uses me/library.
describe('the library route, in the development profile', () => {
  const sandbox = useServerSandbox('development');

  it("likes a track through the replacement endpoint, and the session keeps what it learnt", async () => {
    const { startSession } = await import('../../src/server/session-tokens');
    const { POST } = await import('../../src/pages/session/library');
    const token = sandbox().token('guest');
    const sessions: SessionStore = new Map();
    const id = await startSession(siteContext(new Request(`${SITE}/callback`), sessions), { accessToken: token, refreshToken: null, expiresAt: null, renewAt: null });
    const found = (await (await sandbox().get('/v1/search?q=a&type=track&limit=5', token)).json()) as { tracks: { items: { id: string }[] } };
    const track = found.tracks.items[0]!.id;
    const contains = async () => ((await (await sandbox().get(`/v1/me/library/contains?uris=spotify:track:${track}`, token)).json()) as boolean[])[0];
    const post = (way: 'add' | 'remove') =>
      POST(
        siteContext(
          new Request(`${SITE}/session/library`, { method: 'POST', headers: { cookie: `my-music-session=${id}`, Origin: SITE }, body: new URLSearchParams([['back', '/'], [way, `track:${track}`]]).toString() }),
          sessions,
        ) as never,
      );
    expect(await contains()).toBe(false);
    expect((await post('add')).status).toBe(303);
    expect(await contains()).toBe(true);
    expect(sessions.get(id)?.get('capabilities')).toMatchObject({ legacyLibrary: 'missing' });
    expect((await post('remove')).status).toBe(303);
    expect(await contains()).toBe(false);
  });
});
