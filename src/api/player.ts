import { callApi } from './client';
import { ApiError } from './errors';
import { toPlayback } from './normalize';
import type { Playback, RepeatState } from './types';

// The commands that set a value (seek, volume, repeat, shuffle) have a name: in a burst (Shift+Up
// held, a scrub from the system's media controls) the newest is the one that counts, so it
// cancels the one before (DESIGN §5). Play, pause, next and previous have none: each press is a
// step of its own, and a cancelled call the browser had not sent yet would be a press lost (a
// play while another is pending waits for it instead: stores/play.ts).

/** GET me/player: the current playback, or null when nothing plays (204). */
export async function getPlayback(): Promise<Playback | null> {
  return toPlayback(await callApi({ path: 'me/player', name: 'playback' }));
}

/** What to play: a context (album, playlist, artist) with an offset, or a list of track URIs. */
export interface PlayRequest {
  deviceId: string;
  contextUri?: string;
  uris?: string[];
  offset?: { position: number } | { uri: string };
  positionMs?: number;
}

/**
 * Whether a command was refused because the provider lost the device it names: 404 "Device
 * not found" (Spotify's and the sandbox's words for an id it does not know: the device's
 * connection dropped, the provider restarted), or 404 NO_ACTIVE_DEVICE (it could not make
 * that device the active one). A play's other 404s ("Offset uri not found in context",
 * "Offset out of range") are about what was asked, not where: registering the device again
 * would not help, and would stop what plays.
 */
export function isDeviceLost(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  return error.reason === 'NO_ACTIVE_DEVICE' || /\bdevice not found\b/i.test(error.providerMessage ?? '');
}

/**
 * How the provider refuses a play's context itself: a context it does not know or cannot start
 * at the track asked (400 "Invalid context uri"; 404, a playlist deleted or the track no longer
 * in it), or one that allows no play or holds nothing to play (403 with Spotify's player reasons).
 */
const CONTEXT_REFUSAL_STATUSES = [400, 404];
const CONTEXT_REFUSAL_REASONS = ['CONTEXT_DISALLOW', 'NO_SPECIFIC_TRACK'];

/** Whether a play was refused for its context, not for the device (isDeviceLost) nor the account: its track alone may still play. */
export function isContextRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === null || isDeviceLost(error)) return false;
  return CONTEXT_REFUSAL_STATUSES.includes(error.status) || (error.status === 403 && CONTEXT_REFUSAL_REASONS.includes(error.reason ?? ''));
}

/**
 * PUT me/player/play?device_id: a track start sends one uri and position_ms 0 (SPEC §7).
 * `contextRefusalSettled`: the caller plays otherwise when the context is refused (isContextRefused), so that refusal shows nothing.
 */
export async function startPlayback(request: PlayRequest, { contextRefusalSettled = false } = {}): Promise<void> {
  const body: Record<string, unknown> = { position_ms: request.positionMs ?? 0 };
  if (request.contextUri) body.context_uri = request.contextUri;
  if (request.uris) body.uris = request.uris;
  if (request.offset) body.offset = request.offset;
  const quiet = contextRefusalSettled ? { quietStatuses: CONTEXT_REFUSAL_STATUSES, quietReasons: CONTEXT_REFUSAL_REASONS } : {};
  await callApi({ method: 'PUT', path: 'me/player/play', query: { device_id: request.deviceId }, body, ...quiet });
}

/** PUT me/player/pause; `quietReasons` are refusals the caller settles itself (no toast, no prompt). */
export async function pausePlayback(deviceId?: string, quietReasons?: readonly string[]): Promise<void> {
  await callApi({ method: 'PUT', path: 'me/player/pause', query: { device_id: deviceId }, quietReasons });
}

/** POST me/player/next. */
export async function skipToNext(deviceId?: string): Promise<void> {
  await callApi({ method: 'POST', path: 'me/player/next', query: { device_id: deviceId } });
}

/** POST me/player/previous. */
export async function skipToPrevious(deviceId?: string): Promise<void> {
  await callApi({ method: 'POST', path: 'me/player/previous', query: { device_id: deviceId } });
}

/** PUT me/player/repeat?state=off|context|track. */
export async function setRepeatMode(state: RepeatState, deviceId?: string): Promise<void> {
  await callApi({ method: 'PUT', path: 'me/player/repeat', query: { state, device_id: deviceId }, name: 'player-repeat' });
}

/** PUT me/player/shuffle?state=true|false. */
export async function setShuffle(state: boolean, deviceId?: string): Promise<void> {
  await callApi({ method: 'PUT', path: 'me/player/shuffle', query: { state, device_id: deviceId }, name: 'player-shuffle' });
}

/** PUT me/player/seek?position_ms. */
export async function seekTo(positionMs: number, deviceId?: string): Promise<void> {
  await callApi({ method: 'PUT', path: 'me/player/seek', query: { position_ms: Math.round(positionMs), device_id: deviceId }, name: 'player-seek' });
}

/** PUT me/player/volume?volume_percent. */
export async function setVolume(volumePercent: number, deviceId?: string): Promise<void> {
  const volume = Math.max(0, Math.min(100, Math.round(volumePercent)));
  await callApi({ method: 'PUT', path: 'me/player/volume', query: { volume_percent: volume, device_id: deviceId }, name: 'player-volume' });
}
