// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The server's shared cache of catalogue answers (src/server/catalogue-cache.ts) on a clock
// the test moves, and the server's page renders (src/server/page-calls.ts) against a real
// sandbox: two users opening one album ask the provider for the album once, but each for
// their own Save flag; SPEC §8's outcomes of a server call reach the page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTtlMs, createCatalogueCache, memoryCatalogueStore, type CatalogueStore } from '../../src/server/catalogue-cache';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { addFault, startSandbox, type RunningSandbox } from './helpers/sandbox';
import { siteContext } from './helpers/site-session';
import type { TokenSet } from '../../src/api/auth';
import type { Artist, Page, PlaylistEntry, Track } from '../../src/api/types';
import { clientTiming } from '../../src/api/client';

describe('the catalogue cache', () => {
  it('keeps an answer for its lifetime on the clock it is given, and forgets the oldest past its size', async () => {
    let now = 1_000;
    const store = memoryCatalogueStore(() => now, 2);
    await store.write('a', 'A', 300_000);
    now += 299_999;
    expect(await store.read('a')).toBe('A');
    now += 1;
    expect(await store.read('a')).toBeUndefined();
    await store.write('a', 1, 1_000);
    await store.write('b', 2, 1_000);
    await store.write('c', 3, 1_000);
    expect([await store.read('a'), await store.read('b'), await store.read('c')]).toEqual([undefined, 2, 3]);
  });

  it('keeps the answer itself in memory, frozen through, so no render can change what the next one reads', async () => {
    const cache = createCatalogueCache(memoryCatalogueStore(), 60_000);
    const answer = { album: { name: 'Kept', artists: [{ name: 'One' }] } };
    await cache.remember('k', async () => answer);
    const kept = (await cache.remember('k', async () => ({}))) as typeof answer;
    expect(kept).toBe(answer);
    expect(() => {
      kept.album.artists[0]!.name = 'Changed';
    }).toThrow(TypeError);
    expect(kept.album.artists[0]!.name).toBe('One');
  });

  it('asks once for answers wanted at the same time, keeps only successes, and asks every time when its lifetime is 0', async () => {
    const cache = createCatalogueCache(memoryCatalogueStore(), 60_000);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await Promise.all([cache.remember('k', load), cache.remember('k', load), cache.remember('k', load)])).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(await cache.remember('k', load)).toEqual({ n: 1 });

    await expect(cache.remember('failing', () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    expect(await cache.remember('failing', load)).toEqual({ n: 2 });

    const off = createCatalogueCache(memoryCatalogueStore(), 0);
    await off.remember('k', load);
    expect(await off.remember('k', load)).toEqual({ n: 4 });
  });

  it("a session that joined another's call asks for itself when that call was refused (401, 403: maybe that session's own); any other failure is shared", async () => {
    const cache = createCatalogueCache(memoryCatalogueStore(), 60_000);
    const refused = (status: number) => () => new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error(`HTTP ${status}`), { status })), 5));
    for (const status of [401, 403]) {
      const [first, second] = await Promise.allSettled([cache.remember(`album-${status}`, refused(status)), cache.remember(`album-${status}`, async () => 'its own answer')]);
      expect(first.status).toBe('rejected');
      expect(second).toEqual({ status: 'fulfilled', value: 'its own answer' });
    }
    let asked = 0;
    const [first, second] = await Promise.allSettled([cache.remember('album-500', refused(500)), cache.remember('album-500', async () => `asked ${++asked}`)]);
    expect([first.status, second.status]).toEqual(['rejected', 'rejected']);
    expect(asked).toBe(0);
  });

  it('still answers when its store fails (Redis gone): the provider is asked instead', async () => {
    const broken: CatalogueStore = { read: () => Promise.reject(new Error('gone')), write: () => Promise.reject(new Error('gone')) };
    const cache = createCatalogueCache(broken, 60_000);
    expect(await cache.remember('k', async () => 'answer')).toBe('answer');
  });

  it("answers without waiting for its store's write (a slow Redis cost a miss its time-out twice), and a render that comes meanwhile joins the call", async () => {
    let finishWrite = () => {};
    const slowWrites: CatalogueStore = {
      read: async () => undefined,
      write: () => new Promise<void>((resolve) => (finishWrite = resolve)),
    };
    const cache = createCatalogueCache(slowWrites, 60_000);
    let asked = 0;
    const load = async () => ({ album: ++asked });
    const first = await Promise.race([cache.remember('k', load), new Promise((resolve) => setTimeout(() => resolve('waited for the write'), 200))]);
    expect(first).toEqual({ album: 1 });
    // The write is still on its way: the next render joins the answer rather than asking again.
    expect(await cache.remember('k', load)).toEqual({ album: 1 });
    expect(asked).toBe(1);
    finishWrite();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.remember('k', load)).toEqual({ album: 2 });
  });

  it('reads CATALOGUE_CACHE_TTL in seconds, 5 minutes by default', () => {
    expect(catalogueTtlMs({})).toBe(300_000);
    expect(catalogueTtlMs({ CATALOGUE_CACHE_TTL: '30' })).toBe(30_000);
    expect(catalogueTtlMs({ CATALOGUE_CACHE_TTL: '0' })).toBe(0);
    expect(catalogueTtlMs({ CATALOGUE_CACHE_TTL: 'soon' })).toBe(300_000);
  });
});

describe('a page rendered on the server', () => {
  let running: RunningSandbox;
  let albumId: string;
  const saved = process.env.SANDBOX_URL;

  beforeAll(async () => {
    running = await startSandbox();
    process.env.SANDBOX_URL = running.url;
    // The retry's backoff is the client's to choose; the test does not wait for it.
    clientTiming.retryDelayMs = 0;
    const search = (await (await running.get('/v1/search?q=a&type=album&limit=1', running.token('guest'))).json()) as { albums: { items: { id: string }[] } };
    albumId = search.albums.items[0]!.id;
  }, 120_000);

  afterAll(() => {
    process.env.SANDBOX_URL = saved;
    return running?.stop();
  });

  afterEach(() => clearFaults(running.url));

  const tokensOf = (userId: string): TokenSet => ({ accessToken: running.token(userId), refreshToken: null, expiresAt: null, renewAt: null });
  const request = () => siteContext(new Request('http://127.0.0.1:4331/album/x'), new Map());

  async function render(userId: string, id = albumId) {
    const { runPageCalls, pageOutcomes } = await import('../../src/server/page-calls');
    const { startDetailPage } = await import('../../src/server/page-data');
    const { albumPage } = await import('../../src/api/albums');
    return runPageCalls(request(), tokensOf(userId), async () => ({ seed: await startDetailPage(albumPage, id).whole, outcomes: [...pageOutcomes()] }));
  }

  it('shares the album between users and never their Save flags', async () => {
    // Guest saves the album; the free account does not.
    expect((await running.send('PUT', `/v1/me/albums?ids=${albumId}`, running.token('guest'))).status).toBeLessThan(300);
    await addFault(running.url, [{ match: { path: `^/v1/albums/${albumId}$` } }, { match: { path: '^/v1/me/(albums|library)/contains$' } }]);
    const [guest, free] = await Promise.all([render('guest'), render('free')]);
    expect(guest.seed.data?.id).toBe(albumId);
    expect(free.seed.data?.id).toBe(albumId);
    expect(guest.seed.flags?.album?.[albumId]).toBe(true);
    expect(free.seed.flags?.album?.[albumId]).toBe(false);
    // The album once for both; each user's flag asked for that user.
    expect(await faultHits(running.url)).toEqual([1, 2]);
    const tracks = guest.seed.lists?.tracks as Page<Track>;
    expect(tracks.items.length).toBeGreaterThan(0);
    expect(tracks.items[0]?.album?.id).toBe(albumId);
  });

  it('renders a missing album as not found, and a provider failure as the error with SPEC §8 toast', async () => {
    const missing = await render('guest', '0000000000000000000000');
    expect(missing.seed.failure).toBe('not-found');
    expect(missing.outcomes).toEqual([]);

    await addFault(running.url, { match: { path: '^/v1/albums/abcdefabcdefabcdefabcd$' }, status: 503, body: { error: { status: 503, message: 'Catalogue is resting' } } });
    const failed = await render('guest', 'abcdefabcdefabcdefabcd');
    expect(failed.seed.failure).toBe('error');
    expect(failed.outcomes).toContainEqual({ type: 'toast', message: 'Catalogue is resting' });
    // Tried, then retried once (DESIGN §5); the failure is not kept for the next user.
    expect(await faultHits(running.url)).toEqual([2]);
  });

  it("tells SPEC §8's toast in every render that shared the failed call, not only in the one that asked", async () => {
    await addFault(running.url, { match: { path: '^/v1/albums/bcdefabcdefabcdefabcde$' }, status: 503, delayMs: 200, body: { error: { status: 503, message: 'Catalogue is resting' } } });
    const [first, second] = await Promise.all([render('guest', 'bcdefabcdefabcdefabcde'), render('free', 'bcdefabcdefabcdefabcde')]);
    // One call for both (tried, and retried once).
    expect(await faultHits(running.url)).toEqual([2]);
    for (const shared of [first, second]) {
      expect(shared.seed.failure).toBe('error');
      expect(shared.outcomes).toContainEqual({ type: 'toast', message: 'Catalogue is resting' });
    }
  });

  it("renders home's failures logged only (SPEC §8): no toast, while a rate limit its sections met still counts down", async () => {
    const { runPageCalls, pageOutcomes, pageLimitedUntil } = await import('../../src/server/page-calls');
    const { loadHomePage } = await import('../../src/server/pages/home');
    await addFault(running.url, [
      { match: { path: '^/v1/me/player/recently-played' }, status: 503, body: { error: { status: 503, message: 'Catalogue is resting' } } },
      { match: { path: '^/v1/browse/new-releases' }, status: 429, headers: { 'Retry-After': '60' }, body: { error: { status: 429, message: 'API rate limit exceeded' } } },
    ]);
    const rendered = await runPageCalls(request(), tokensOf('guest'), async () => ({ seed: await loadHomePage(), outcomes: [...pageOutcomes()], limited: pageLimitedUntil() }));
    expect(rendered.seed.home.recentPlays.status).not.toBe('ready');
    expect(rendered.seed.home.newReleases.status).not.toBe('ready');
    expect(rendered.outcomes.filter((outcome) => outcome.type === 'toast')).toEqual([]);
    expect(rendered.limited).toBeGreaterThan(Date.now());
  });

  it('renders artist, playlist and home with their sections and the flags of what they show', async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { startDetailPage } = await import('../../src/server/page-data');
    const { artistPage } = await import('../../src/api/artists');
    const { startPlaylistPage } = await import('../../src/server/pages/playlist');
    const { loadHomePage } = await import('../../src/server/pages/home');
    const guest = running.token('guest');
    const artistId = ((await (await running.get('/v1/search?q=a&type=artist&limit=1', guest)).json()) as { artists: { items: { id: string }[] } }).artists.items[0]!.id;
    const playlistId = ((await (await running.get('/v1/browse/featured-playlists?limit=1', guest)).json()) as { playlists: { items: { id: string }[] } }).playlists.items[0]!.id;
    const context = request();
    const [artist, playlist, home] = await runPageCalls(context, tokensOf('guest'), () => Promise.all([startDetailPage(artistPage, artistId).whole, startPlaylistPage(context, playlistId).whole, loadHomePage()]));

    expect(artist.failure).toBeNull();
    expect(artist.sections?.topTracks?.length).toBeGreaterThan(0);
    expect(Object.keys(artist.flags?.track ?? {})).toEqual((artist.sections!.topTracks as Track[]).map((track) => track.id));
    expect(artist.flags?.artist?.[artistId]).toBe(false);

    expect(playlist.failure).toBeNull();
    expect(playlist.viewer?.id).toBe('guest');
    const entries = playlist.lists?.tracks as Page<PlaylistEntry>;
    expect(Object.keys(playlist.flags?.track ?? {})).toEqual([...new Set(entries.items.map((entry) => entry.track.id))]);

    expect(home.home.recentPlays.status).toBe('ready');
    expect(home.home.trending.English.items).toHaveLength(5);
    expect(home.home.newReleases.items).toHaveLength(10);
    expect(Object.keys(home.flags?.album ?? {})).toEqual(home.home.newReleases.items.map((album) => album.id));
  });

  it("readies an artist page's head (the artist and its Follow flag) while a section is still held, and the whole page after", async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { startDetailPage } = await import('../../src/server/page-data');
    const { artistPage } = await import('../../src/api/artists');
    const guest = running.token('guest');
    const artistId = ((await (await running.get('/v1/search?q=o&type=artist&limit=1', guest)).json()) as { artists: { items: { id: string }[] } }).artists.items[0]!.id;
    await addFault(running.url, { match: { path: `^/v1/artists/${artistId}/top-tracks$` }, delayMs: 400 });
    await runPageCalls(request(), tokensOf('guest'), async () => {
      const { head, whole } = startDetailPage(artistPage, artistId);
      let wholeReady = false;
      void whole.then(() => (wholeReady = true));
      const first = await head;
      expect(first.data?.id).toBe(artistId);
      expect(first.flags?.artist?.[artistId]).toBe(false);
      expect(first.sections).toBeUndefined();
      expect(wholeReady).toBe(false);
      const all = await whole;
      expect(all.background).toBe(first.background);
      expect(all.sections?.topTracks?.length).toBeGreaterThan(0);
      expect(all.flags?.artist?.[artistId]).toBe(false);
      expect(Object.keys(all.flags?.track ?? {})).toEqual((all.sections!.topTracks as Track[]).map((track) => track.id));
    });
    expect(await faultHits(running.url)).toEqual([1]);
  });

  it("renders an artist's albums and related-artists pages from what each shows, asking nothing for the other sections", async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { loadDetailPage } = await import('../../src/server/page-data');
    const { artistPage, artistAlbumsOnly, relatedArtistsOnly } = await import('../../src/api/artists');
    const guest = running.token('guest');
    const artistId = ((await (await running.get('/v1/search?q=e&type=artist&limit=1', guest)).json()) as { artists: { items: { id: string }[] } }).artists.items[0]!.id;
    const calls = (...paths: string[]) => paths.map((path) => ({ match: { path: `^/v1/${path}$` } }));
    // Counted: Popular Tracks, Fans Also like, the first albums; the hearts, the Follow flags, the Saves.
    await addFault(running.url, calls(`artists/${artistId}/top-tracks`, `artists/${artistId}/related-artists`, `artists/${artistId}/albums`, 'me/(tracks|library)/contains', 'me/following/contains', 'me/albums/contains'));
    const albums = await runPageCalls(request(), tokensOf('guest'), () => loadDetailPage(artistPage, artistId, artistAlbumsOnly));
    expect(albums.data?.id).toBe(artistId);
    expect(albums.sections).toBeUndefined();
    const firstAlbums = albums.lists?.albums as Page<{ id: string }>;
    expect(firstAlbums.items.length).toBeGreaterThan(0);
    expect(Object.keys(albums.flags?.album ?? {})).toEqual(firstAlbums.items.map((album) => album.id));
    expect(await faultHits(running.url)).toEqual([0, 0, 1, 0, 0, 1]);

    const related = await runPageCalls(request(), tokensOf('guest'), () => loadDetailPage(artistPage, artistId, relatedArtistsOnly));
    expect(related.data?.id).toBe(artistId);
    expect(related.lists).toBeUndefined();
    const fans = (related.sections?.relatedArtists ?? []) as Artist[];
    expect(fans.length).toBeGreaterThan(0);
    expect(Object.keys(related.flags?.artist ?? {})).toEqual(fans.map((artist) => artist.id));
    // Fans Also like and their Follow flags, and nothing more (the albums from before stay counted once).
    expect(await faultHits(running.url)).toEqual([0, 1, 1, 0, 1, 1]);
  });

  it('a page in two parts renders whole when the rest follows the head soon, streams the rest when it is late, and leaves on a 401 the rest met before anything left', async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { partOf, splitPageSeed } = await import('../../src/server/page-data');
    const { getMe } = await import('../../src/api/me');
    type Seed = { part: string; failure: 'not-found' | null };
    const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
    const astro = (context: object = siteContext(new Request('http://127.0.0.1:4331/album/x'), new Map())) =>
      Object.assign(context, { response: { status: 200, statusText: '' } }) as Parameters<typeof splitPageSeed>[0] & { response: { status: number } };
    const head: Seed = { part: 'head', failure: null };
    const whole: Seed = { part: 'whole', failure: null };

    // Soon (a warm cache): one whole page, nothing streams.
    expect(await splitPageSeed(astro(), { head: Promise.resolve(head), whole: later(whole, 5) }, 200)).toEqual({ seed: whole, rest: null });
    // Late (a slow provider): the head now, the rest when it comes.
    const split = await splitPageSeed(astro(), { head: Promise.resolve(head), whole: later(whole, 300) }, 50);
    expect(split).toMatchObject({ seed: head });
    expect(await (split as { rest: Promise<Seed> }).rest).toEqual(whole);
    // A head that failed answers its status, and waits for the rest: no call outlives the response.
    const failed = astro();
    let restDone = false;
    const missing = await splitPageSeed(failed, { head: Promise.resolve({ part: 'head', failure: 'not-found' as const }), whole: later(whole, 100).then((seed) => ((restDone = true), seed)) }, 0);
    expect(missing).toEqual({ seed: { part: 'head', failure: 'not-found' }, rest: null });
    expect(failed.response.status).toBe(404);
    expect(restDone).toBe(true);

    // The rest met the provider's 401 on a token that cannot be renewed, within the grace: the page leaves for /auth.
    const revoked: TokenSet = { accessToken: 'revoked-token', refreshToken: null, expiresAt: null, renewAt: null };
    const sessions = new Map([['s1', new Map<string, unknown>([['tokens', revoked]])]]);
    const context = siteContext(new Request('http://127.0.0.1:4331/album/x', { headers: { cookie: 'my-music-session=s1' } }), sessions);
    const left = await runPageCalls(context, revoked, () =>
      splitPageSeed(astro(context), { head: Promise.resolve(head), whole: partOf(getMe()).then(() => whole) }, 5_000),
    );
    expect(left).toBeInstanceOf(Response);
    expect((left as Response).headers.get('location')).toBe('/auth');
    expect(sessions.has('s1')).toBe(false);
  });

  it("shares home's Top 50 lists (the provider's own) between users, never their recent plays", async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { loadHomePage } = await import('../../src/server/pages/home');
    const renderHome = (userId: string) => runPageCalls(request(), tokensOf(userId), loadHomePage);
    await renderHome('guest');
    await addFault(running.url, [{ match: { path: '^/v1/playlists/[^/]+/(tracks|items)$' } }, { match: { path: '^/v1/me/player/recently-played$' } }]);
    const free = await renderHome('free');
    expect(free.home.trending.Hindi.items).toHaveLength(5);
    // The lists came from the cache; the free account's own plays were asked for it.
    expect(await faultHits(running.url)).toEqual([0, 1]);
  });

  it('streaming, a render changes nothing its response carried already: no refresh, no session write, the toast told once, and the end of a rate limit told to each part', async () => {
    const { runPageCalls, startStreaming, pageLimitedUntil } = await import('../../src/server/page-calls');
    const { pageToast, partOf } = await import('../../src/server/page-data');
    const { getMe } = await import('../../src/api/me');
    const revoked: TokenSet = { accessToken: 'revoked-token', refreshToken: null, expiresAt: null, renewAt: null };
    const store = () => new Map([['s1', new Map<string, unknown>([['tokens', revoked]])]]);
    const aRequest = (sessions: ReturnType<typeof store>) =>
      siteContext(new Request('http://127.0.0.1:4331/', { headers: { cookie: 'my-music-session=s1' } }), sessions);

    // Before the first byte, the provider's 401 on a token that cannot be renewed ends the session...
    const before = store();
    await runPageCalls(aRequest(before), revoked, () => partOf(getMe()));
    expect(before.has('s1')).toBe(false);
    // ...after it, the session Astro saved already stays as it is: the next request deals with it.
    const after = store();
    await runPageCalls(aRequest(after), revoked, async () => {
      startStreaming();
      return partOf(getMe());
    });
    expect(after.get('s1')?.get('tokens')).toEqual(revoked);

    // A toast the shell told is not told again by a part that streams.
    await addFault(running.url, { match: { path: '^/v1/me$' }, status: 503, body: { error: { status: 503, message: 'Profiles are resting' } } });
    const told = await runPageCalls(request(), tokensOf('guest'), async () => {
      await partOf(getMe());
      const shell = pageToast();
      await partOf(getMe());
      return { shell, streamed: pageToast(), limit: pageLimitedUntil() };
    });
    expect(told).toEqual({ shell: 'Profiles are resting', streamed: null, limit: null });
    await clearFaults(running.url);

    // A wait past the client's bound is not waited for, and the limit still reaches the page:
    // the shell and a streamed part both tell the same end (the top bar counts down once).
    await addFault(running.url, { match: { path: '^/v1/me$' }, status: 429, headers: { 'Retry-After': '3600' }, times: 1 });
    const [shellLimit, streamedLimit] = await runPageCalls(request(), tokensOf('guest'), async () => {
      await partOf(getMe());
      return [pageLimitedUntil(), pageLimitedUntil()];
    });
    expect(shellLimit).toBeGreaterThan(Date.now() + 3_000_000);
    expect(streamedLimit).toBe(shellLimit);
  });

  it('keeps what a render learns in the session (the signed-in user, what the provider offers), and sets no cookie for it', async () => {
    const { runPageCalls } = await import('../../src/server/page-calls');
    const { viewerOf } = await import('../../src/server/page-data');
    const { getPlaylistTracks } = await import('../../src/api/playlists');
    const playlistId = ((await (await running.get('/v1/browse/featured-playlists?limit=1', running.token('guest'))).json()) as { playlists: { items: { id: string }[] } }).playlists.items[0]!.id;
    const store = new Map([['s1', new Map<string, unknown>()]]);
    const aRequest = () => siteContext(new Request('http://127.0.0.1:4331/playlist/x', { headers: { cookie: 'my-music-session=s1' } }), store);

    const first = aRequest();
    await runPageCalls(first, tokensOf('guest'), () => viewerOf(first));
    expect(store.get('s1')?.get('viewer')).toMatchObject({ profile: { id: 'guest' } });

    const second = aRequest();
    await runPageCalls(second, tokensOf('guest'), () => getPlaylistTracks(playlistId));
    expect(store.get('s1')?.get('capabilities')).toEqual({ legacyPlaylistTracks: 'available' });
    // The session's cookie is renewed with its tokens (sign-in, each refresh): such a write may
    // come after the response has begun, and Astro's session, which set a cookie with no lifetime
    // on every write, is no longer written.
    expect([...first.cookies.headers(), ...second.cookies.headers()]).toEqual([]);
  });
});
