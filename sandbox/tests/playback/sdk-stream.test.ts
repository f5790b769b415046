import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDeviceRegistry } from '../../playback/devices';
import type { PlayerService } from '../../playback/player-service';
import { answerUpgrade, createSdkStreams, eventMessage, EVENTS_PATH, refusal } from '../../playback/sdk-stream';
import { connectDevice, startSandbox, type RunningSandbox } from '../harness';

// The SDK's event stream is a WebSocket (sandbox/playback/sdk-stream.ts): its rules alone, then
// over a real sandbox as /sdk/player.js speaks to it.

describe('answerUpgrade', () => {
  const devices = createDeviceRegistry();
  const device = devices.register('guest', 'Tab', 50, Date.now());

  it('opens the stream of a registered device by its key', () => {
    expect(answerUpgrade(`${EVENTS_PATH}?key=${device.key}`, devices)).toEqual({ device });
  });

  it('refuses an unknown or missing key, and any other path', () => {
    expect(answerUpgrade(`${EVENTS_PATH}?key=wrong`, devices)).toEqual({ status: 404, message: 'Device not found' });
    expect(answerUpgrade(EVENTS_PATH, devices)).toEqual({ status: 404, message: 'Device not found' });
    expect(answerUpgrade(`/v1/me?key=${device.key}`, devices)).toEqual({ status: 404, message: 'Service not found' });
    expect(answerUpgrade(undefined, devices)).toEqual({ status: 404, message: 'Service not found' });
  });

  it('refuses a second stream for a device that has one', () => {
    const streaming = devices.register('guest', 'Other tab', 50, Date.now());
    streaming.send = () => undefined;
    expect(answerUpgrade(`${EVENTS_PATH}?key=${streaming.key}`, devices)).toEqual({ status: 409, message: 'The device is already connected' });
  });
});

describe('messages', () => {
  it('sends each event as one JSON message', () => {
    expect(JSON.parse(eventMessage('ready', { device_id: 'abc' }))).toEqual({ event: 'ready', data: { device_id: 'abc' } });
  });

  it('refuses with a whole HTTP answer carrying the provider error envelope', () => {
    const answer = refusal(404, 'Device not found');
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body)).toEqual({ error: { status: 404, message: 'Device not found' } });
  });
});

describe('the event stream over a sandbox', () => {
  let t: RunningSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startSandbox();
    token = t.token('guest');
  });
  afterAll(async () => t.stop());

  const deviceIds = async () =>
    ((await (await t.get('/v1/me/player/devices', token)).json()) as { devices: { id: string }[] }).devices.map((device) => device.id);
  const socketTo = (key: string) => new WebSocket(`${t.url.replace('http', 'ws')}${EVENTS_PATH}?key=${encodeURIComponent(key)}`);
  const refusedWith = (socket: WebSocket) =>
    new Promise<number>((resolve, reject) => {
      socket.once('unexpected-response', (_request, answer) => resolve(answer.statusCode ?? 0));
      socket.once('open', () => reject(new Error('the stream opened')));
    });

  it('says ready, lists the device while it is open, and forgets it when it closes', async () => {
    const device = await connectDevice(t.url, token);
    expect(await device.next('ready')).toEqual({ device_id: device.deviceId });
    expect(await deviceIds()).toContain(device.deviceId);
    device.close();
    await expect.poll(deviceIds).not.toContain(device.deviceId);
    // Gone is gone: the key opens nothing any more.
    expect(await refusedWith(socketTo(device.key))).toBe(404);
  });

  it('carries the player state the Web API sets', async () => {
    const device = await connectDevice(t.url, token);
    await device.next('ready');
    const track = (t.sandbox.db.prepare('SELECT id FROM tracks LIMIT 1').get() as { id: string }).id;
    const played = await t.send('PUT', `/v1/me/player/play?device_id=${device.deviceId}`, token, JSON.stringify({ uris: [`spotify:track:${track}`] }));
    expect(played.status).toBe(204);
    for (;;) {
      const { state } = (await device.next('state')) as { state: { track_window: { current_track: { id: string } } } | null };
      if (state) {
        expect(state.track_window.current_track.id).toBe(track);
        break;
      }
    }
    device.close();
  });

  it('refuses an unknown key with 404, a second stream with 409, and tells a plain GET it is a WebSocket', async () => {
    expect(await refusedWith(socketTo('wrong'))).toBe(404);
    const device = await connectDevice(t.url, token);
    await device.next('ready');
    expect(await refusedWith(socketTo(device.key))).toBe(409);
    expect(await deviceIds()).toContain(device.deviceId);
    const plain = await fetch(`${t.url}${EVENTS_PATH}?key=${encodeURIComponent(device.key)}`);
    expect(plain.status).toBe(426);
    expect(plain.headers.get('upgrade')).toBe('websocket');
    expect((await fetch(`${t.url}${EVENTS_PATH}?key=wrong`)).status).toBe(404);
    device.close();
  });

  it('ends the stream when the device disconnects, and the device is gone at once', async () => {
    const device = await connectDevice(t.url, token);
    await device.next('ready');
    expect((await device.post('disconnect', {})).status).toBe(204);
    expect(await deviceIds()).not.toContain(device.deviceId);
    await expect.poll(() => device.closed).toBe(true);
    // Twice is fine: gone is gone.
    expect((await device.post('disconnect', {})).status).toBe(204);
  });

  it('leaves every other request free while many streams are open', async () => {
    // A browser allows six HTTP/1.1 connections per host; these streams are not among them.
    const many = await Promise.all(Array.from({ length: 8 }, () => connectDevice(t.url, token)));
    await Promise.all(many.map((device) => device.next('ready')));
    expect(await deviceIds()).toEqual(expect.arrayContaining(many.map((device) => device.deviceId)));
    for (const device of many) device.close();
  });
});

describe('the heartbeat', () => {
  it('ends the stream of a peer that no longer answers pings, and its device goes', async () => {
    const devices = createDeviceRegistry();
    const gone: string[] = [];
    const player = { connected: () => undefined, disconnected: (device: { id: string }) => gone.push(device.id) } as unknown as PlayerService;
    const streams = createSdkStreams(devices, player, { heartbeatMs: 50 });
    // The module alone, on a plain node server's upgrades, with a fake player.
    const server = createServer();
    server.on('upgrade', (request, socket, head) => streams.upgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const silent = devices.register('guest', 'Asleep', 50, Date.now());
      const answering = devices.register('guest', 'Awake', 50, Date.now());
      const asleep = new WebSocket(`ws://127.0.0.1:${port}${EVENTS_PATH}?key=${silent.key}`, { autoPong: false });
      const awake = new WebSocket(`ws://127.0.0.1:${port}${EVENTS_PATH}?key=${answering.key}`);
      await Promise.all([asleep, awake].map((socket) => new Promise((resolve) => socket.once('open', resolve))));
      await expect.poll(() => gone, { timeout: 2000 }).toEqual([silent.id]);
      expect(answering.send).not.toBeNull();
      asleep.terminate();
      awake.close();
    } finally {
      streams.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
