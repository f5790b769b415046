import type { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { createDeviceRegistry } from './devices';
import { registerMedia } from './media-routes';
import { createPlayerService } from './player-service';
import { createQueueSource } from './queue';
import { registerSdk } from './sdk-routes';
import { createSdkStreams, type SdkStreams } from './sdk-stream';
import { registerPlayerWebApi } from './web-api-routes';

/**
 * The sandbox's playback: generated images and audio, devices and the
 * player state machine behind the Web API's player endpoints, and the Web
 * Playback SDK script that plays in the browser. Returns the SDK's event streams,
 * WebSockets the node server hands over from its 'upgrade' event.
 */
export function registerPlayback(app: Hono<SandboxEnv>, ctx: SandboxContext): SdkStreams {
  const devices = createDeviceRegistry();
  const player = createPlayerService(ctx, devices);
  const streams = createSdkStreams(devices, player);
  registerMedia(app, ctx);
  registerSdk(app, ctx, player, devices, streams);
  registerPlayerWebApi(app, ctx, player, devices, createQueueSource(ctx));
  return streams;
}
