import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import type { DeviceRegistry } from './devices';
import { next, pause, previous, seek, setRepeat, setShuffle, type RepeatState } from './player-state';
import type { PlayerService, PlayRequest } from './player-service';
import { parseTrackUri, type QueueSource } from './queue';
import { currentlyPlayingView, playbackView, queueView } from './views';

/**
 * The Web API's player endpoints (SPEC §7), with the provider's scopes, its
 * premium check (403 PREMIUM_REQUIRED) and its player errors
 * (404 NO_ACTIVE_DEVICE, 403 "Restriction violated" with a reason).
 */

const READ = 'user-read-playback-state';
const MODIFY = 'user-modify-playback-state';

function integerParam(value: string | undefined, name: string, min: number, max: number): number {
  if (value === undefined || value === '') throw new ApiFailure(400, `Required parameter ${name} missing`);
  if (!/^-?\d+$/.test(value)) throw new ApiFailure(400, `Invalid ${name}`);
  const number = Number(value);
  if (number < min || number > max) throw new ApiFailure(400, `Invalid ${name}`);
  return number;
}

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const text = await c.req.text();
  if (text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the provider's answer for a body it cannot read
  }
  throw new ApiFailure(400, 'Error parsing JSON.');
}

export function registerPlayerWebApi(app: Hono<SandboxEnv>, ctx: SandboxContext, player: PlayerService, devices: DeviceRegistry, queue: QueueSource) {
  const premiumOnly: MiddlewareHandler<SandboxEnv> = async (c, proceed) => {
    if (c.get('user').product !== 'premium') {
      return ctx.apiError(c, 403, 'Player command failed: Premium required', { reason: 'PREMIUM_REQUIRED' });
    }
    await proceed();
  };
  const modify = [ctx.requireAuth(MODIFY), premiumOnly] as const;
  const deviceParam = (c: Context) => c.req.query('device_id') || undefined;

  /** What PUT me/player/play's body asks for, or null to resume. */
  function playRequest(body: Record<string, unknown> | null): PlayRequest | null {
    if (!body || (body.context_uri === undefined && body.uris === undefined)) return null;
    let request: PlayRequest;
    if (typeof body.context_uri === 'string') {
      const tracks = queue.contextTracks(body.context_uri);
      if (!tracks) throw new ApiFailure(400, `Invalid context uri: ${body.context_uri}`);
      request = { tracks, contextUri: body.context_uri, offset: null, positionMs: 0 };
    } else if (Array.isArray(body.uris) && body.uris.length > 0) {
      const tracks = body.uris.map((uri) => {
        const id = typeof uri === 'string' ? parseTrackUri(uri) : null;
        const track = id ? queue.track(id) : null;
        if (!track) throw new ApiFailure(400, `Invalid track uri: ${String(uri)}`);
        return track;
      });
      request = { tracks, contextUri: null, offset: null, positionMs: 0 };
    } else {
      throw new ApiFailure(400, 'Invalid request: context_uri or uris expected');
    }
    const offset = body.offset as { position?: unknown; uri?: unknown } | undefined;
    if (offset !== undefined) {
      if (typeof offset !== 'object' || offset === null) throw new ApiFailure(400, 'Invalid offset');
      if (typeof offset.position === 'number') {
        if (!Number.isInteger(offset.position) || offset.position < 0) throw new ApiFailure(400, 'Invalid offset');
        if (offset.position >= request.tracks.length) throw new ApiFailure(404, 'Offset out of range');
        request.offset = offset.position;
      } else if (typeof offset.uri === 'string') {
        const index = request.tracks.findIndex((track) => track.uri === offset.uri);
        if (index < 0) throw new ApiFailure(404, 'Offset uri not found in context');
        request.offset = index;
      }
    }
    if (body.position_ms !== undefined) {
      if (typeof body.position_ms !== 'number' || !Number.isInteger(body.position_ms) || body.position_ms < 0) {
        throw new ApiFailure(400, 'position_ms must be a positive integer');
      }
      request.positionMs = body.position_ms;
    }
    return request;
  }

  app.get('/v1/me/player', ctx.requireAuth(READ), (c) => {
    const userId = c.get('user').id;
    const state = player.read(userId);
    const device = player.reportedDevice(userId);
    if (!state || !device) return c.body(null, 204);
    return c.json(playbackView(ctx.objects, state, device, ctx.now()));
  });

  app.get('/v1/me/player/currently-playing', ctx.requireAuth('user-read-currently-playing'), (c) => {
    const userId = c.get('user').id;
    const state = player.read(userId);
    if (!state || !player.activeDevice(userId)) return c.body(null, 204);
    return c.json(currentlyPlayingView(ctx.objects, state, ctx.now()));
  });

  app.get('/v1/me/player/devices', ctx.requireAuth(READ), (c) => {
    const userId = c.get('user').id;
    const activeId = player.activeDevice(userId)?.id ?? null;
    return c.json({ devices: devices.ofUser(userId).map((device) => devices.view(device, activeId)) });
  });

  app.get('/v1/me/player/queue', ctx.requireAuth(READ), (c) => {
    const userId = c.get('user').id;
    const state = player.read(userId);
    return c.json(queueView(ctx.objects, player.activeDevice(userId) ? state : null));
  });

  app.post('/v1/me/player/queue', ...modify, (c) => {
    const uri = c.req.query('uri');
    if (!uri) throw new ApiFailure(400, 'Required parameter uri missing');
    const id = parseTrackUri(uri);
    const track = id ? queue.track(id) : null;
    if (!track) throw new ApiFailure(400, `Invalid track uri: ${uri}`);
    player.addToQueue(c.get('user').id, deviceParam(c), track);
    return c.body(null, 204);
  });

  app.put('/v1/me/player', ...modify, async (c) => {
    const body = await jsonBody(c);
    const ids = body?.device_ids;
    if (!Array.isArray(ids) || ids.length !== 1 || typeof ids[0] !== 'string') {
      throw new ApiFailure(400, 'device_ids must hold exactly one device id');
    }
    player.transfer(c.get('user').id, ids[0], body?.play === true);
    return c.body(null, 204);
  });

  app.put('/v1/me/player/play', ...modify, async (c) => {
    const body = await jsonBody(c);
    const request = playRequest(body);
    const userId = c.get('user').id;
    player.play(userId, deviceParam(c), request);
    // A body with only position_ms resumes from that position.
    if (!request && typeof body?.position_ms === 'number' && Number.isInteger(body.position_ms) && body.position_ms >= 0) {
      const position = body.position_ms;
      player.command(userId, undefined, (state, now) => seek(state, position, now));
    }
    return c.body(null, 204);
  });

  app.put('/v1/me/player/pause', ...modify, (c) => {
    player.command(c.get('user').id, deviceParam(c), pause);
    return c.body(null, 204);
  });

  app.post('/v1/me/player/next', ...modify, (c) => {
    player.next(c.get('user').id, deviceParam(c), next);
    return c.body(null, 204);
  });

  app.post('/v1/me/player/previous', ...modify, (c) => {
    player.command(c.get('user').id, deviceParam(c), previous);
    return c.body(null, 204);
  });

  app.put('/v1/me/player/seek', ...modify, (c) => {
    const position = integerParam(c.req.query('position_ms'), 'position_ms', 0, Number.MAX_SAFE_INTEGER);
    player.command(c.get('user').id, deviceParam(c), (state, now) => seek(state, position, now));
    return c.body(null, 204);
  });

  app.put('/v1/me/player/repeat', ...modify, (c) => {
    const mode = c.req.query('state');
    if (mode !== 'off' && mode !== 'context' && mode !== 'track') throw new ApiFailure(400, 'Invalid repeat state');
    player.command(c.get('user').id, deviceParam(c), (state, now) => setRepeat(state, mode as RepeatState, now));
    return c.body(null, 204);
  });

  app.put('/v1/me/player/shuffle', ...modify, (c) => {
    const value = c.req.query('state');
    if (value !== 'true' && value !== 'false') throw new ApiFailure(400, 'Invalid shuffle state');
    player.command(c.get('user').id, deviceParam(c), (state, now) => setShuffle(state, value === 'true', now));
    return c.body(null, 204);
  });

  app.put('/v1/me/player/volume', ...modify, (c) => {
    const percent = integerParam(c.req.query('volume_percent'), 'volume_percent', 0, 100);
    player.setVolume(c.get('user').id, deviceParam(c), percent);
    return c.body(null, 204);
  });
}
