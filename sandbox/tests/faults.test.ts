import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearFaults, faultHits, startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
let token: string;
beforeAll(async () => {
  s = await startSandbox();
  token = (await s.signIn()).access_token;
});
afterAll(async () => s.stop());
afterEach(async () => {
  vi.useRealTimers();
  await clearFaults(s.url);
});

const script = (fault: unknown) =>
  fetch(`${s.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault), headers: { 'Content-Type': 'application/json' } });

describe('faults (SANDBOX_FAULTS=1)', () => {
  it('answers a scripted 429 with Retry-After, CORS headers, a given number of times', async () => {
    expect((await script({ match: { method: 'GET', path: '^/v1/me$' }, status: 429, headers: { 'Retry-After': '2' }, times: 2 })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const limited = await fetch(`${s.url}/v1/me`, { headers: { Authorization: `Bearer ${token}`, Origin: 'http://127.0.0.1:4321' } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('2');
      expect(limited.headers.get('access-control-allow-origin')).toBe('*');
      expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
      expect((await limited.json()).error.status).toBe(429);
    }
    expect((await s.get('/v1/me', token)).status).toBe(200);
  });

  it('answers a scripted 204 with no body, as the provider says nothing is playing', async () => {
    await script({ match: { method: 'GET', path: '^/v1/me/player$' }, status: 204, times: 1 });
    const empty = await s.get('/v1/me/player', token);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('matches method and path, and sends a scripted body', async () => {
    await script({ match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 403, body: { error: { status: 403, message: 'x', reason: 'PREMIUM_REQUIRED' } } });
    expect((await s.get('/v1/me/tracks', token)).status).toBe(200);
    const refused = await s.send('PUT', '/v1/me/tracks?ids=0000000000000000000000', token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.reason).toBe('PREMIUM_REQUIRED');
    const listed = await (await fetch(`${s.url}/__sandbox/faults`)).json();
    expect(listed.faults).toHaveLength(1);
    expect(listed.faults[0].hits).toBe(1);
  });

  it('matches the query string too', async () => {
    await script({ match: { path: '^/v1/search\\?.*type=playlist' }, status: 503, times: 1 });
    expect((await s.get('/v1/search?q=a&type=track', token)).status).toBe(200);
    expect((await s.get('/v1/search?q=a&type=playlist', token)).status).toBe(503);
  });

  it('delays, and drops the connection', async () => {
    // The delay is a setTimeout in this process: fake, so the test steps it instead of waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await script({ match: { path: '^/v1/browse/categories$' }, delayMs: 300, times: 1 });
    let status = 0;
    const delayed = s.get('/v1/browse/categories', token).then((answer) => (status = answer.status));
    await expect.poll(() => faultHits(s.url)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(299);
    // A request sent later is answered at once, while the delayed one is still held.
    expect((await s.get('/v1/me', token)).status).toBe(200);
    expect(status).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await delayed;
    expect(status).toBe(200);
    vi.useRealTimers();
    await script({ match: { path: '^/v1/me/playlists$' }, drop: true, times: 1 });
    await expect(s.get('/v1/me/playlists', token)).rejects.toThrow();
    expect((await s.get('/v1/me/playlists', token)).status).toBe(200);
  });

  it('drops a request still held when its fault is cleared: the change it carried never lands', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const albumId = (await (await s.get('/v1/browse/new-releases?limit=1', token)).json()).albums.items[0].id;
    const saved = async () => (await (await s.get(`/v1/me/albums/contains?ids=${albumId}`, token)).json())[0];
    expect(await saved()).toBe(false);
    await script({ match: { method: 'PUT', path: '^/v1/me/albums' }, delayMs: 45_000, times: 1 });
    const held = s.send('PUT', `/v1/me/albums?ids=${albumId}`, token).then((answer) => answer.status, () => 'dropped');
    await expect.poll(() => faultHits(s.url)).toEqual([1]);
    await clearFaults(s.url);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(await held).toBe('dropped');
    expect(await saved()).toBe(false);
  });

  it('never faults /__sandbox itself, and rejects a bad script', async () => {
    await script({ match: { path: '.*' }, status: 500 });
    expect((await fetch(`${s.url}/__sandbox/faults`)).status).toBe(200);
    expect((await s.get('/v1/me', token)).status).toBe(500);
    expect((await script({ match: { path: '(' } })).status).toBe(400);
    expect((await script({ status: 99 })).status).toBe(400);
    expect((await fetch(`${s.url}/__sandbox/faults`, { method: 'POST', body: 'not json' })).status).toBe(400);
  });

  it('is off without SANDBOX_FAULTS', async () => {
    const plain = await startSandbox({ faults: false });
    try {
      expect((await fetch(`${plain.url}/__sandbox/faults`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await fetch(`${plain.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${plain.url}/__sandbox/texts`, { method: 'POST', body: '{"kind":"album","id":"x","name":"y"}' })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe('texts (SANDBOX_FAULTS=1)', () => {
  const seed = (input: unknown) => fetch(`${s.url}/__sandbox/texts`, { method: 'POST', body: JSON.stringify(input), headers: { 'Content-Type': 'application/json' } });

  it('replaces an album, playlist and user text everywhere it is served, until reset', async () => {
    const playlist = (await (await s.get('/v1/search?q=a&type=playlist&limit=1', token)).json()).playlists.items[0];
    const albumId = (await (await s.get('/v1/browse/new-releases?limit=1', token)).json()).albums.items[0].id;
    const marked = '<script>alert(1)</script> <img src=x onerror=alert(2)>';
    expect((await seed({ kind: 'album', id: albumId, name: `A ${marked}` })).status).toBe(204);
    expect((await seed({ kind: 'playlist', id: playlist.id, name: `P ${marked}`, description: '<a href="javascript:alert(3)">x</a>' })).status).toBe(204);
    expect((await seed({ kind: 'user', id: playlist.owner.id, name: `U ${marked}` })).status).toBe(204);
    expect((await (await s.get(`/v1/albums/${albumId}`, token)).json()).name).toBe(`A ${marked}`);
    const tracks = (await (await s.get(`/v1/albums/${albumId}/tracks?limit=1`, token)).json()).items;
    expect((await (await s.get(`/v1/tracks/${tracks[0].id}`, token)).json()).album.name).toBe(`A ${marked}`);
    expect(await (await s.get(`/v1/playlists/${playlist.id}`, token)).json()).toMatchObject({ name: `P ${marked}`, description: '<a href="javascript:alert(3)">x</a>', owner: { display_name: `U ${marked}` } });
    expect((await seed({ kind: 'track', id: albumId, name: 'x' })).status).toBe(400);
    expect((await seed({ kind: 'album', id: 'nope', name: 'x' })).status).toBe(404);
    expect((await seed({ kind: 'album', id: albumId, description: 'x' })).status).toBe(400);

    expect((await fetch(`${s.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect((await (await s.get(`/v1/albums/${albumId}`, token)).json()).name).not.toContain('<script>');
    expect((await (await s.get(`/v1/playlists/${playlist.id}`, token)).json()).name).toBe(playlist.name);
  });
});

describe('restart (SANDBOX_FAULTS=1, for tests of what survives one)', () => {
  it('is refused where no supervisor would start the sandbox again', async () => {
    const refused = await fetch(`${s.url}/__sandbox/restart`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toContain('SANDBOX_RESTART_EXIT_CODE');
  });

  it("answers with this start's id, then ends the process through its supervisor's hook", async () => {
    const restart = vi.fn();
    const supervised = await startSandbox({ restart });
    try {
      const { bootId } = await (await fetch(`${supervised.url}/__sandbox/boot`)).json();
      const asked = await fetch(`${supervised.url}/__sandbox/restart`, { method: 'POST' });
      expect(asked.status).toBe(202);
      expect((await asked.json()).bootId).toBe(bootId);
      await vi.waitFor(() => expect(restart).toHaveBeenCalledTimes(1));
      // Another start has another id: that is how a test knows the new process answers.
      const other = (await (await fetch(`${s.url}/__sandbox/boot`)).json()).bootId;
      expect(other).not.toBe(bootId);
    } finally {
      await supervised.stop();
    }
  });
});
