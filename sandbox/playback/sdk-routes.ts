import { readFileSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import type { Device, DeviceRegistry } from './devices';
import { next, pause, previous, resume, seek, type PlayerState, type Transition } from './player-state';
import type { PlayerService } from './player-service';
import type { SdkStreams } from './sdk-stream';

/**
 * What the sandbox's Web Playback SDK talks to: /sdk/player.js itself, a demo
 * page, and its device protocol under /sdk/v1 (register with the user's token,
 * then an event stream (a WebSocket, sdk-stream.ts) and plain POSTs authenticated by
 * the device's key).
 */

const SDK_SCRIPT = readFileSync(new URL('./sdk/player.js', import.meta.url), 'utf8');
const DEMO_PAGE = readFileSync(new URL('./sdk/demo.html', import.meta.url), 'utf8');

async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function registerSdk(app: Hono<SandboxEnv>, ctx: SandboxContext, player: PlayerService, devices: DeviceRegistry, streams: SdkStreams) {
  app.get('/sdk/player.js', (c) =>
    c.body(SDK_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/sdk/demo', (c) => c.html(DEMO_PAGE));

  // The real SDK needs the streaming scope and a premium account; it reports either as an event.
  app.post('/sdk/v1/devices', ctx.requireAuth('streaming'), async (c) => {
    const user = c.get('user');
    if (user.product !== 'premium') {
      return ctx.apiError(c, 403, 'This functionality is restricted to premium users only', { reason: 'PREMIUM_REQUIRED' });
    }
    const body = await readJson(c);
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : 'Web Playback SDK';
    const volume = typeof body.volume === 'number' && body.volume >= 0 && body.volume <= 1 ? body.volume : 1;
    const device = devices.register(user.id, name, Math.round(volume * 100), ctx.now());
    return c.json({ device_id: device.id, connection_key: device.key });
  });

  const deviceOf = (c: Context): Device => {
    const device = devices.byKey(c.req.query('key') ?? '');
    if (!device) throw new ApiFailure(404, 'Device not found');
    return device;
  };

  // The event stream is a WebSocket (sdk-stream.ts), taken from the server's upgrades; a plain GET is told so.
  app.get('/sdk/v1/events', (c) => {
    deviceOf(c);
    c.header('Upgrade', 'websocket');
    return ctx.apiError(c, 426, 'The event stream is a WebSocket');
  });

  /** Local controls of the SDK act only when this device is the one playing, as with the real SDK. */
  const local = (device: Device, change: (state: PlayerState, now: number) => Transition, skipping = false) => {
    if (player.activeDevice(device.userId)?.id !== device.id) return;
    try {
      // Skipping ahead has its own check (no next track), like POST me/player/next.
      if (skipping) player.next(device.userId, device.id, change);
      else player.command(device.userId, device.id, change);
    } catch (error) {
      // A refused local control (no next track, nothing loaded) is silent in the SDK.
      if (!(error instanceof ApiFailure)) throw error;
    }
  };

  app.post('/sdk/v1/commands', async (c) => {
    const device = deviceOf(c);
    const body = await readJson(c);
    const position = typeof body.position_ms === 'number' ? Math.max(0, Math.round(body.position_ms)) : 0;
    switch (body.action) {
      case 'pause':
        local(device, pause);
        break;
      case 'resume':
        local(device, resume);
        break;
      case 'seek':
        local(device, (state, now) => seek(state, position, now));
        break;
      case 'next':
        local(device, next, true);
        break;
      case 'previous':
        local(device, previous);
        break;
      case 'volume':
        if (typeof body.volume_percent === 'number') device.volumePercent = Math.max(0, Math.min(100, Math.round(body.volume_percent)));
        break;
      default:
        throw new ApiFailure(400, 'Unknown command');
    }
    return c.body(null, 204);
  });

  // A report from a device already forgotten (its stream just closed) is moot, not an error.
  app.post('/sdk/v1/report', async (c) => {
    const device = devices.byKey(c.req.query('key') ?? '');
    const body = await readJson(c);
    if (device && typeof body.track_id === 'string' && typeof body.position_ms === 'number') {
      player.report(device, body.track_id, body.position_ms, body.ended === true);
    }
    return c.body(null, 204);
  });

  // Idempotent: closing the stream may already have removed the device, and gone is gone.
  app.post('/sdk/v1/disconnect', (c) => {
    const device = devices.byKey(c.req.query('key') ?? '');
    if (!device) return c.body(null, 204);
    if (!streams.end(device)) devices.remove(device);
    return c.body(null, 204);
  });

  ctx.onReset(() => player.reset());
}
