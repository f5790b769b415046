// The sandbox's own Web Playback SDK in a real Chromium: its demo page connects a
// player, the Web API drives it, and the tests watch the SDK's events and the
// audio element. They move the guest's playback, on their worker's own sandbox (the `sandbox` fixture).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signIn } from '../../sandbox/tests/oauth';
import { expect, test } from './fixtures';
import { ACCOUNTS, type Account } from './helpers/sign-in';

const SCOPES = ['streaming', 'user-read-email', 'user-read-private', 'user-read-playback-state', 'user-modify-playback-state', 'user-read-currently-playing'];

/** An access token through the sandbox's real PKCE flow, over plain HTTP. */
async function tokenFor(sandboxUrl: string, account: Account): Promise<string> {
  return (await signIn(sandboxUrl, SCOPES, account === 'guest' ? {} : ACCOUNTS[account])).access_token;
}

/** The parts of the provider's JSON these tests read. */
interface ApiJson {
  devices: { id: string; name: string; volume_percent: number }[];
  albums: { items: { id: string; total_tracks: number }[] };
  items: { id: string }[];
  item: { id: string };
  is_playing: boolean;
  error: { status: number; reason?: string };
}

interface SdkTrack {
  id: string;
  name: string;
}

/** The SDK's state object, as far as these tests look. */
interface SdkState {
  paused: boolean;
  position: number;
  shuffle: boolean;
  repeat_mode: 0 | 1 | 2;
  context: { uri: string | null };
  track_window: { current_track: SdkTrack; previous_tracks: SdkTrack[]; next_tracks: SdkTrack[] };
}

interface DemoEvent {
  name: string;
  payload: SdkState & { device_id: string; message: string };
  at: number;
}

/** What the demo page puts on window.demo (see sandbox/playback/sdk/demo.html). */
interface DemoWindow {
  demo: {
    events: DemoEvent[];
    player: {
      resume(): Promise<void>;
      pause(): Promise<void>;
      nextTrack(): Promise<void>;
      seek(positionMs: number): Promise<void>;
      getCurrentState(): Promise<SdkState | null>;
      getVolume(): Promise<number>;
      disconnect(): void;
      /** The sandbox SDK's audio element; tests read its clock. */
      _audio: HTMLAudioElement;
      /** The sandbox SDK's device key; a test uses it to cut the device's connection. */
      _key: string;
    };
  };
}

function webApi(sandboxUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: ApiJson }> => {
    const response = await fetch(`${sandboxUrl}/v1/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as ApiJson };
  };
}

/** Waits for the first SDK event after `from` (an index in the page's event list) that matches. */
async function waitForEvent(
  page: Page,
  from: number,
  name: string,
  match: (payload: DemoEvent['payload'] | null) => unknown = () => true,
): Promise<DemoEvent> {
  const handle = await page.waitForFunction(
    ([start, wanted, source]) => {
      const test = new Function('payload', `return (${source})(payload)`) as (payload: unknown) => boolean;
      const { events } = (window as unknown as DemoWindow).demo;
      return events.slice(start).find((event) => event.name === wanted && test(event.payload)) ?? false;
    },
    [from, name, match.toString()] as const,
  );
  return (await handle.jsonValue()) as DemoEvent;
}

const eventCount = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).demo.events.length);
const currentTrackId = (state: SdkState | null) => state?.track_window.current_track.id;
const audioTime = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).demo.player._audio.currentTime);

async function openDemo(page: Page, sandboxUrl: string, token: string): Promise<void> {
  await page.goto(`${sandboxUrl}/sdk/demo?token=${encodeURIComponent(token)}`);
}

test.describe('the sandbox Web Playback SDK', { tag: '@viewport-free' }, () => {
  // On the desktop alone (@viewport-free): nothing here depends on the viewport; the desktop project covers it.

  test('connects, plays through the Web API, obeys every control, and leaves on disconnect', async ({ page, sandbox }) => {
    // Shuffle and repeat stay with the user: start from a fresh sandbox, whatever ran before.
    await sandbox.reset();
    const token = await tokenFor(sandbox.url, 'guest');
    const api = webApi(sandbox.url, token);
    const releases = await api('GET', 'browse/new-releases?limit=5');
    const albumId = releases.json.albums.items.find((album) => album.total_tracks >= 3)!.id;
    const tracks = (await api('GET', `albums/${albumId}/tracks?limit=50`)).json.items.map((track) => track.id);

    await openDemo(page, sandbox.url, token);
    const ready = await waitForEvent(page, 0, 'ready');
    const deviceId = ready.payload.device_id;
    expect(deviceId).toMatch(/^[0-9a-f]{40}$/);
    const listed = await api('GET', 'me/player/devices');
    expect(listed.json.devices).toContainEqual(expect.objectContaining({ id: deviceId, name: 'Sandbox demo', volume_percent: 50 }));

    // Play the album's second track through the Web API.
    let mark = await eventCount(page);
    expect((await api('PUT', `me/player/play?device_id=${deviceId}`, { context_uri: `spotify:album:${albumId}`, offset: { position: 1 } })).status).toBe(204);
    const started = await waitForEvent(page, mark, 'player_state_changed', (s) => s && !s.paused);
    expect(currentTrackId(started.payload)).toBe(tracks[1]);
    expect(started.payload).toMatchObject({ shuffle: false, repeat_mode: 0, context: { uri: `spotify:album:${albumId}` } });
    expect(started.payload.track_window.previous_tracks.map((track) => track.id)).toEqual([tracks[0]]);
    expect(started.payload.track_window.next_tracks[0]?.id).toBe(tracks[2]);

    // The audio element really plays: its clock advances.
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    const before = await audioTime(page);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
    expect(await page.evaluate(() => (window as unknown as DemoWindow).demo.player._audio.src)).toBe(`${sandbox.url}/audio/${tracks[1]}`);

    // Pause through the Web API, resume through the SDK.
    mark = await eventCount(page);
    expect((await api('PUT', 'me/player/pause')).status).toBe(204);
    await waitForEvent(page, mark, 'player_state_changed', (s) => s && s.paused);
    expect(await page.evaluate(() => (window as unknown as DemoWindow).demo.player._audio.paused)).toBe(true);
    mark = await eventCount(page);
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.resume());
    await waitForEvent(page, mark, 'player_state_changed', (s) => s && !s.paused);
    expect((await api('GET', 'me/player')).json.is_playing).toBe(true);

    // Next through the SDK, previous through the Web API.
    mark = await eventCount(page);
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.nextTrack());
    // The track before it had played more than a second, so a position under one is the new track.
    const skipped = await waitForEvent(page, mark, 'player_state_changed', (s) => s && s.position < 1_000);
    expect(currentTrackId(skipped.payload)).toBe(tracks[2]);
    mark = await eventCount(page);
    expect((await api('POST', 'me/player/previous')).status).toBe(204);
    expect(currentTrackId((await waitForEvent(page, mark, 'player_state_changed')).payload)).toBe(tracks[1]);

    // Seek through the SDK: the state and the audio element both move.
    mark = await eventCount(page);
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.seek(30_000));
    await waitForEvent(page, mark, 'player_state_changed', (s) => s && s.position >= 30_000);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(29.5);
    const current = await page.evaluate(() => (window as unknown as DemoWindow).demo.player.getCurrentState());
    expect(current?.position).toBeGreaterThanOrEqual(30_000);
    expect(currentTrackId(current)).toBe(tracks[1]);

    // Shuffle and repeat through the Web API.
    mark = await eventCount(page);
    expect((await api('PUT', 'me/player/shuffle?state=true')).status).toBe(204);
    await waitForEvent(page, mark, 'player_state_changed', (s) => s?.shuffle === true);
    mark = await eventCount(page);
    expect((await api('PUT', 'me/player/repeat?state=track')).status).toBe(204);
    await waitForEvent(page, mark, 'player_state_changed', (s) => s?.repeat_mode === 2);
    const playback = (await api('GET', 'me/player')).json;
    expect(playback).toMatchObject({ shuffle_state: true, repeat_state: 'track', is_playing: true, device: { id: deviceId, is_active: true } });
    expect(playback.item.id).toBe(tracks[1]);

    // Volume set through the Web API reaches the SDK.
    expect((await api('PUT', 'me/player/volume?volume_percent=30')).status).toBe(204);
    await expect.poll(() => page.evaluate(() => (window as unknown as DemoWindow).demo.player.getVolume())).toBeCloseTo(0.3, 5);

    // Disconnect: the device leaves the list, and nothing plays; the playback it left stays
    // readable, paused, naming it inactive, for the next device to take over.
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.disconnect());
    await expect.poll(async () => (await api('GET', 'me/player/devices')).json.devices.map((device) => device.id)).not.toContain(deviceId);
    const left = await api('GET', 'me/player');
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({ is_playing: false, device: { id: deviceId, is_active: false } });
  });

  test('works from another origin, as the site loads it', async ({ page, sandbox }) => {
    const token = await tokenFor(sandbox.url, 'guest');
    // A page served from another loopback port, as the site is, loading the SDK cross-origin.
    const html = `<!doctype html><link rel="icon" href="data:,"><script>
      window.demo = { events: [] };
      window.onSpotifyWebPlaybackSDKReady = () => {
        const player = new Spotify.Player({ name: 'Elsewhere', getOAuthToken: (cb) => cb(${JSON.stringify(token)}), volume: 0.5 });
        window.demo.player = player;
        for (const name of ['ready', 'player_state_changed', 'authentication_error', 'initialization_error', 'playback_error']) {
          player.addListener(name, (payload) => window.demo.events.push({ name, payload, at: Date.now() }));
        }
        player.connect();
      };
    </script><script src="${sandbox.url}/sdk/player.js"></script>`;
    const site = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/player`);
    const deviceId = (await waitForEvent(page, 0, 'ready')).payload.device_id;
    const api = webApi(sandbox.url, token);
    const releases = await api('GET', 'browse/new-releases?limit=1');
    const trackId = (await api('GET', `albums/${releases.json.albums.items[0]!.id}/tracks?limit=1`)).json.items[0]!.id;
    expect((await api('PUT', `me/player/play?device_id=${deviceId}`, { uris: [`spotify:track:${trackId}`] })).status).toBe(204);
    const playing = await waitForEvent(page, 0, 'player_state_changed', (s) => s && !s.paused);
    expect(currentTrackId(playing.payload)).toBe(trackId);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
    // A control from the page (a simple cross-origin POST) reaches the sandbox.
    const mark = await eventCount(page);
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.pause());
    await waitForEvent(page, mark, 'player_state_changed', (s) => s && s.paused);
    expect((await api('GET', 'me/player')).json.is_playing).toBe(false);
    await page.evaluate(() => (window as unknown as DemoWindow).demo.player.disconnect());
    await page.close();
    site.close();
  });

  test('comes back as a new device after its connection drops', async ({ page, sandbox }) => {
    const token = await tokenFor(sandbox.url, 'guest');
    await openDemo(page, sandbox.url, token);
    const first = (await waitForEvent(page, 0, 'ready')).payload.device_id;
    // The sandbox ends the device's event stream, as a restart or a network cut would.
    const key = await page.evaluate(() => (window as unknown as DemoWindow).demo.player._key);
    const mark = await eventCount(page);
    expect((await fetch(`${sandbox.url}/sdk/v1/disconnect?key=${key}`, { method: 'POST' })).status).toBe(204);
    expect((await waitForEvent(page, mark, 'not_ready')).payload.device_id).toBe(first);
    const second = (await waitForEvent(page, mark, 'ready')).payload.device_id;
    expect(second).not.toBe(first);
    const ids = (await webApi(sandbox.url, token)('GET', 'me/player/devices')).json.devices.map((device) => device.id);
    expect(ids).toContain(second);
    expect(ids).not.toContain(first);
  });

  test.describe('refusals', () => {
    test.use({ allowErrors: [/401|403/] });

    test('the free account gets account_error from the SDK and 403 PREMIUM_REQUIRED from play', async ({ page, sandbox }) => {
      const token = await tokenFor(sandbox.url, 'free');
      await openDemo(page, sandbox.url, token);
      const error = await waitForEvent(page, 0, 'account_error');
      expect(error.payload.message).toMatch(/premium/i);
      const played = await webApi(sandbox.url, token)('PUT', 'me/player/play', { uris: [] });
      expect(played.status).toBe(403);
      expect(played.json.error.reason).toBe('PREMIUM_REQUIRED');
      expect(await page.evaluate(() => (window as unknown as DemoWindow).demo.events.some((event) => event.name === 'ready'))).toBe(false);
    });

    test('a token the sandbox does not accept raises authentication_error', async ({ page, sandbox }) => {
      await openDemo(page, sandbox.url, 'not-a-token');
      const error = await waitForEvent(page, 0, 'authentication_error');
      expect(error.payload.message).toBe('Authentication failed');
    });
  });

  test('audio answers a Range request with 206 and the right bytes', async ({ page, sandbox }) => {
    const token = await tokenFor(sandbox.url, 'guest');
    const api = webApi(sandbox.url, token);
    const releases = await api('GET', 'browse/new-releases?limit=1');
    const trackId = (await api('GET', `albums/${releases.json.albums.items[0]!.id}/tracks?limit=1`)).json.items[0]!.id;
    await page.goto(`${sandbox.url}/sdk/demo?connect=0`);
    const result = await page.evaluate(async (url) => {
      const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const part = await fetch(url, { headers: { Range: 'bytes=5000-5999' } });
      const bytes = new Uint8Array(await part.arrayBuffer());
      return {
        status: part.status,
        range: part.headers.get('content-range'),
        same: bytes.length === 1000 && bytes.every((value, i) => value === whole[5000 + i]),
        size: whole.length,
      };
    }, `${sandbox.url}/audio/${trackId}`);
    expect(result).toEqual({ status: 206, range: `bytes 5000-5999/${result.size}`, same: true, size: result.size });
  });
});
