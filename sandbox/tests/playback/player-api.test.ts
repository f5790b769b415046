import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDevice, startSandbox, type RunningSandbox } from '../harness';

let t: RunningSandbox;
let guest: string;
let album: { uri: string; trackIds: string[] };

beforeAll(async () => {
  t = await startSandbox();
  guest = t.token('guest');
  const row = t.sandbox.db.prepare('SELECT id FROM albums WHERE total_tracks >= 4 ORDER BY id LIMIT 1').get() as { id: string };
  const tracks = t.sandbox.db
    .prepare('SELECT id FROM tracks WHERE album_id = ? ORDER BY disc_number, track_number')
    .all(row.id) as { id: string }[];
  album = { uri: `spotify:album:${row.id}`, trackIds: tracks.map((track) => track.id) };
});
afterAll(() => t.stop());
afterEach(() => {
  vi.useRealTimers();
});

function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return fetch(`${t.url}/v1/me/player${path}`, {
    method,
    headers: { Authorization: `Bearer ${options.token ?? guest}`, 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
}
/** The parts of GET me/player these tests read. */
interface Playback {
  is_playing: boolean;
  item: { id: string };
  context: { uri: string };
  device: { id: string; is_active: boolean };
}
interface PushedState {
  state: { shuffle: boolean; track_window: { current_track: { id: string } } } | null;
}
async function playback() {
  const response = await api('GET', '');
  return response.status === 204 ? null : ((await response.json()) as Playback);
}
async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: Record<string, unknown> }).error };
}
const currentId = (pushed: Record<string, unknown>) => (pushed as unknown as PushedState).state?.track_window.current_track.id;

describe('the player endpoints with an SDK device', () => {
  it('answers 404 NO_ACTIVE_DEVICE with no device, and lists none', async () => {
    expect(await errorOf(await api('PUT', '/play', { body: { context_uri: album.uri } }))).toMatchObject({
      status: 404,
      reason: 'NO_ACTIVE_DEVICE',
    });
    expect(await (await api('GET', '/devices')).json()).toEqual({ devices: [] });
    expect((await api('GET', '')).status).toBe(204);
  });

  it('plays a context on a device, pushing the state to the SDK', async () => {
    const device = await connectDevice(t.url, guest);
    expect((await device.next('ready')).device_id).toBe(device.deviceId);
    const listed = (await (await api('GET', '/devices')).json()) as { devices: Record<string, unknown>[] };
    expect(listed.devices).toEqual([expect.objectContaining({ id: device.deviceId, is_active: false, volume_percent: 50, name: 'Test device' })]);
    expect(await device.next('state')).toMatchObject({ state: null });

    const played = await api('PUT', `/play?device_id=${device.deviceId}`, {
      body: { context_uri: album.uri, offset: { position: 1 }, position_ms: 2_000 },
    });
    expect(played.status).toBe(204);
    const pushed = await device.next('state');
    expect(currentId(pushed)).toBe(album.trackIds[1]);
    expect(pushed.state).toMatchObject({ paused: false, position: 2_000, shuffle: false, repeat_mode: 0, context: { uri: album.uri } });

    t.clock.advance(1_500);
    const state = await playback();
    expect(state).toMatchObject({ is_playing: true, progress_ms: 3_500, repeat_state: 'off', shuffle_state: false, currently_playing_type: 'track' });
    expect(state?.item.id).toBe(album.trackIds[1]);
    expect(state?.context.uri).toBe(album.uri);
    expect(state?.device).toMatchObject({ id: device.deviceId, is_active: true });

    // Pause, resume, seek.
    expect((await api('PUT', '/pause')).status).toBe(204);
    expect((await device.next('state')).state).toMatchObject({ paused: true, position: 3_500 });
    t.clock.advance(10_000);
    expect(await playback()).toMatchObject({ is_playing: false, progress_ms: 3_500, actions: { disallows: { pausing: true } } });
    expect((await api('PUT', '/play')).status).toBe(204);
    expect((await device.next('state')).state).toMatchObject({ paused: false, position: 3_500 });
    expect((await api('PUT', '/seek?position_ms=60000')).status).toBe(204);
    expect((await device.next('state')).state).toMatchObject({ position: 60_000 });

    // Next, previous, and the end of the context.
    expect((await api('POST', '/next')).status).toBe(204);
    expect(currentId(await device.next('state'))).toBe(album.trackIds[2]);
    expect((await api('POST', '/previous')).status).toBe(204);
    expect(currentId(await device.next('state'))).toBe(album.trackIds[1]);
    const last = album.trackIds.length - 1;
    await api('PUT', `/play`, { body: { context_uri: album.uri, offset: { uri: `spotify:track:${album.trackIds[last]}` } } });
    expect(currentId(await device.next('state'))).toBe(album.trackIds[last]);
    expect(await playback()).toMatchObject({ actions: { disallows: { skipping_next: true } } });
    expect(await errorOf(await api('POST', '/next'))).toMatchObject({ status: 403, reason: 'NO_NEXT_TRACK' });

    // Repeat and shuffle.
    expect((await api('PUT', '/repeat?state=context')).status).toBe(204);
    expect((await device.next('state')).state).toMatchObject({ repeat_mode: 1 });
    expect((await api('POST', '/next')).status).toBe(204);
    expect(currentId(await device.next('state'))).toBe(album.trackIds[0]);
    expect((await api('PUT', '/shuffle?state=true')).status).toBe(204);
    const shuffled = (await device.next('state')) as unknown as PushedState;
    expect(shuffled.state?.shuffle).toBe(true);
    expect(shuffled.state?.track_window.current_track.id).toBe(album.trackIds[0]);
    expect(await playback()).toMatchObject({ shuffle_state: true, repeat_state: 'context' });
    expect((await api('PUT', '/repeat?state=sometimes')).status).toBe(400);
    expect((await api('PUT', '/shuffle?state=yes')).status).toBe(400);

    // Volume reaches the device.
    expect((await api('PUT', '/volume?volume_percent=30')).status).toBe(204);
    expect(await device.next('volume')).toEqual({ volume_percent: 30 });
    expect((await api('PUT', '/volume?volume_percent=101')).status).toBe(400);

    // Closing the stream removes the device; nothing plays any more (the paused playback stays readable, see below).
    device.close();
    await expect.poll(async () => ((await (await api('GET', '/devices')).json()) as { devices: unknown[] }).devices).toEqual([]);
    expect(await playback()).toMatchObject({ is_playing: false, device: { id: device.deviceId, is_active: false } });
    expect((await api('GET', '/currently-playing')).status).toBe(204);
  });

  it('records a play once a track has played 30 s', async () => {
    const device = await connectDevice(t.url, guest);
    await device.next('ready');
    const trackId = album.trackIds[0]!;
    await api('PUT', `/play?device_id=${device.deviceId}`, { body: { uris: [`spotify:track:${trackId}`] } });
    t.clock.advance(29_000);
    await playback();
    const recent = () => fetch(`${t.url}/v1/me/player/recently-played?limit=1`, { headers: { Authorization: `Bearer ${guest}` } }).then((r) => r.json()) as Promise<{ items: { track: { id: string }; played_at: string }[] }>;
    expect((await recent()).items[0]?.track.id).not.toBe(trackId);
    t.clock.advance(2_000);
    await playback();
    const latest = (await recent()).items[0];
    expect(latest?.track.id).toBe(trackId);
    expect(Date.parse(latest!.played_at)).toBeGreaterThan(t.clock.now() - 5_000);
    device.close();
  });

  it('moves to the next track on its own when one ends, or when the device reports its end', async () => {
    // The sandbox's end-of-track timer is a setTimeout in this process: fake, so the test steps it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const device = await connectDevice(t.url, guest);
    await device.next('ready');
    await device.next('state');
    const durations = t.sandbox.db.prepare('SELECT duration_ms FROM tracks WHERE id = ?');
    const first = durations.get(album.trackIds[0]) as { duration_ms: number };
    await api('PUT', `/play?device_id=${device.deviceId}`, { body: { context_uri: album.uri, offset: { position: 0 } } });
    expect(currentId(await device.next('state'))).toBe(album.trackIds[0]);
    // 150 ms before the end on the sandbox clock: reading settles the state and arms the end-of-track timer.
    t.clock.advance(first.duration_ms - 150);
    expect((await playback())?.item.id).toBe(album.trackIds[0]);
    // The sandbox clock stands still unless moved: move it past the end, then let the timer fire.
    t.clock.advance(200);
    await vi.advanceTimersByTimeAsync(200);
    const pushed = await device.next('state');
    expect(currentId(pushed)).not.toBe(album.trackIds[0]);
    t.clock.advance(1_000);
    // The audio element's end moves playback on too.
    const playingId = (await playback())!.item.id;
    expect((await device.post('report', { track_id: playingId, position_ms: 0, ended: true })).status).toBe(204);
    expect(currentId(await device.next('state'))).not.toBe(playingId);
    device.close();
  });

  it('transfers playback between devices', async () => {
    const first = await connectDevice(t.url, guest, 'First');
    const second = await connectDevice(t.url, guest, 'Second');
    await first.next('ready');
    await second.next('ready');
    // A device that is not playing hears null once it connects.
    expect(await first.next('state')).toMatchObject({ state: null });
    expect(await second.next('state')).toMatchObject({ state: null });
    // Shuffle is still on from the test above (the provider keeps it per user), so name the offset.
    await api('PUT', `/play?device_id=${first.deviceId}`, { body: { context_uri: album.uri, offset: { position: 0 } } });
    expect(currentId(await first.next('state'))).toBe(album.trackIds[0]);
    expect((await api('PUT', '', { body: { device_ids: [second.deviceId], play: true } })).status).toBe(204);
    expect(currentId(await second.next('state'))).toBe(album.trackIds[0]);
    expect(await first.next('state')).toMatchObject({ state: null });
    expect((await playback())?.device.id).toBe(second.deviceId);
    // Naming the idle device in a command or a volume change does not move the music.
    expect((await api('PUT', `/volume?volume_percent=20&device_id=${first.deviceId}`)).status).toBe(204);
    expect(await first.next('volume')).toEqual({ volume_percent: 20 });
    expect((await api('PUT', `/repeat?state=off&device_id=${first.deviceId}`)).status).toBe(204);
    expect((await playback())?.device.id).toBe(second.deviceId);
    expect((await api('PUT', '', { body: { device_ids: ['nope'] } })).status).toBe(404);
    expect((await api('PUT', '', { body: { device_ids: [] } })).status).toBe(400);
    first.close();
    second.close();
  });

  it('keeps a playback whose device left readable, paused where it was, until another device takes it over', async () => {
    const gone = await connectDevice(t.url, guest, 'Reloaded tab');
    await gone.next('ready');
    await api('PUT', `/play?device_id=${gone.deviceId}`, { body: { context_uri: album.uri, offset: { position: 1 } } });
    t.clock.advance(12_000);
    gone.close();
    // The stream's end reaches the sandbox a moment later.
    await vi.waitFor(async () => expect((await playback())?.is_playing).toBe(false));
    const left = (await (await api('GET', '')).json()) as Playback & { progress_ms: number };
    expect(left).toMatchObject({ item: { id: album.trackIds[1] }, device: { id: gone.deviceId, is_active: false } });
    expect(left.progress_ms).toBeGreaterThanOrEqual(12_000);
    t.clock.advance(60_000);
    expect((await playback())?.is_playing).toBe(false);
    // A new tab takes it over: it plays there from the position it stopped at.
    const next = await connectDevice(t.url, guest, 'New tab');
    await next.next('ready');
    expect((await api('PUT', '', { body: { device_ids: [next.deviceId], play: true } })).status).toBe(204);
    const resumed = (await (await api('GET', '')).json()) as Playback & { progress_ms: number };
    expect(resumed).toMatchObject({ is_playing: true, item: { id: album.trackIds[1] }, device: { id: next.deviceId, is_active: true } });
    expect(resumed.progress_ms).toBe(left.progress_ms);
    await api('PUT', '/pause');
    next.close();
    await vi.waitFor(async () => expect((await playback())?.device.id).toBe(next.deviceId));
  });
});

describe('reset', () => {
  it('forgets playback on POST /__sandbox/reset, telling the device', async () => {
    const device = await connectDevice(t.url, guest);
    await device.next('ready');
    await device.next('state');
    await api('PUT', `/play?device_id=${device.deviceId}`, { body: { context_uri: album.uri, offset: { position: 0 } } });
    expect(currentId(await device.next('state'))).toBe(album.trackIds[0]);
    expect((await fetch(`${t.url}/__sandbox/reset`, { method: 'POST' })).status).toBeLessThan(300);
    expect(await device.next('state')).toMatchObject({ state: null });
    expect((await api('GET', '')).status).toBe(204);
    expect(await errorOf(await api('POST', '/next'))).toMatchObject({ status: 404, reason: 'NO_ACTIVE_DEVICE' });
    device.close();
  });
});

describe('refusals', () => {
  it('refuses the free account with 403 PREMIUM_REQUIRED, on the Web API and the SDK', async () => {
    const free = t.token('free');
    expect(await errorOf(await api('PUT', '/play', { token: free, body: { context_uri: album.uri } }))).toMatchObject({
      status: 403,
      reason: 'PREMIUM_REQUIRED',
    });
    expect(await errorOf(await api('PUT', '/pause', { token: free }))).toMatchObject({ status: 403, reason: 'PREMIUM_REQUIRED' });
    const register = await fetch(`${t.url}/sdk/v1/devices`, { method: 'POST', headers: { Authorization: `Bearer ${free}` }, body: '{}' });
    expect(await errorOf(register)).toMatchObject({ status: 403, reason: 'PREMIUM_REQUIRED' });
  });

  it('checks tokens and scopes', async () => {
    expect((await api('GET', '/devices', { token: 'not-a-token' })).status).toBe(401);
    const readOnly = t.token('guest', ['user-read-playback-state']);
    expect((await api('GET', '/devices', { token: readOnly })).status).toBe(200);
    expect((await api('PUT', '/pause', { token: readOnly })).status).toBe(403);
    const register = await fetch(`${t.url}/sdk/v1/devices`, { method: 'POST', headers: { Authorization: `Bearer ${readOnly}` } });
    expect(register.status).toBe(403);
  });

  it('answers bad requests with 400 or 404, never 500', async () => {
    const device = await connectDevice(t.url, guest);
    await device.next('ready');
    const on = `/play?device_id=${device.deviceId}`;
    expect((await api('PUT', on, { body: '{not json' })).status).toBe(400);
    expect((await api('PUT', on, { body: { context_uri: 'spotify:album:doesnotexist' } })).status).toBe(400);
    expect((await api('PUT', on, { body: { context_uri: 'spotify:show:abc' } })).status).toBe(400);
    expect((await api('PUT', on, { body: { uris: ['spotify:track:???'] } })).status).toBe(400);
    expect((await api('PUT', on, { body: { uris: 'spotify:track:x' } })).status).toBe(400);
    expect((await api('PUT', on, { body: { context_uri: album.uri, offset: { position: 999 } } })).status).toBe(404);
    expect((await api('PUT', on, { body: { context_uri: album.uri, position_ms: -5 } })).status).toBe(400);
    expect((await api('PUT', '/play?device_id=unknown', { body: { context_uri: album.uri } })).status).toBe(404);
    expect((await api('PUT', '/seek')).status).toBe(400);
    expect((await api('PUT', '/seek?position_ms=abc')).status).toBe(400);
    expect((await fetch(`${t.url}/sdk/v1/events?key=wrong`)).status).toBe(404);
    device.close();
  });
});
