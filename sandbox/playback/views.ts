import type { ObjectBuilders } from '../catalogue/objects';
import { currentTrack, disallows, progressMs, upcoming, type PlayerState, type QueueTrack } from './player-state';
import { parseContextUri } from './queue';

/**
 * The player state as each audience sees it: the Web API's playback object
 * (GET me/player) and the Web Playback SDK's state object (player_state_changed).
 */

export interface DeviceView {
  id: string;
  is_active: boolean;
  is_private_session: boolean;
  is_restricted: boolean;
  name: string;
  type: string;
  volume_percent: number;
  supports_volume: boolean;
}

type Json = Record<string, unknown>;

function contextObject(objects: ObjectBuilders, uri: string | null): Json | null {
  const parsed = uri ? parseContextUri(uri) : null;
  if (!parsed) return null;
  const href = objects.href(`${parsed.kind}s/${parsed.id}`);
  // The provider's web player link sits beside the API: {base}/open/{kind}/{id}.
  const base = href.slice(0, href.indexOf('/v1/'));
  return { type: parsed.kind, href, external_urls: { spotify: `${base}/open/${parsed.kind}/${parsed.id}` }, uri };
}

/** The provider lists only the actions that are disallowed, each as true. */
function webApiDisallows(state: PlayerState): Record<string, true> {
  const result: Record<string, true> = {};
  for (const [key, value] of Object.entries(disallows(state))) if (value) result[key] = true;
  return result;
}

/** What GET me/player and GET me/player/currently-playing share. */
function playingFields(objects: ObjectBuilders, state: PlayerState, now: number): Json {
  const track = currentTrack(state);
  return {
    context: contextObject(objects, state.contextUri),
    progress_ms: progressMs(state, now),
    item: track ? (objects.track(track.id) ?? null) : null,
    currently_playing_type: 'track',
    actions: { disallows: webApiDisallows(state) },
    is_playing: state.playing,
  };
}

/** GET me/player's CurrentlyPlayingContextObject; `timestamp` is when the state last changed. */
export function playbackView(objects: ObjectBuilders, state: PlayerState, device: DeviceView, now: number): Json {
  return {
    device,
    shuffle_state: state.shuffle,
    smart_shuffle: false,
    repeat_state: state.repeat,
    timestamp: state.changedAt,
    ...playingFields(objects, state, now),
  };
}

/** GET me/player/currently-playing's CurrentlyPlayingObject; `timestamp` is when it was fetched. */
export function currentlyPlayingView(objects: ObjectBuilders, state: PlayerState, now: number): Json {
  return { timestamp: now, ...playingFields(objects, state, now) };
}

/** A track as the SDK describes it in track_window. */
function sdkTrack(objects: ObjectBuilders, track: QueueTrack, uid: string): Json {
  const full = objects.track(track.id) as
    | { name: string; album: { uri: string; name: string; images: Json[] }; artists: { name: string; uri: string; href: string }[] }
    | undefined;
  return {
    id: track.id,
    uri: track.uri,
    uid,
    type: 'track',
    media_type: 'audio',
    track_type: 'audio',
    name: full?.name ?? '',
    duration_ms: track.durationMs,
    is_playable: true,
    linked_from: { uri: null, id: null },
    album: { uri: full?.album.uri ?? '', name: full?.album.name ?? '', images: full?.album.images ?? [] },
    artists: (full?.artists ?? []).map((artist) => ({ name: artist.name, uri: artist.uri, url: artist.href })),
  };
}

const REPEAT_MODE = { off: 0, context: 1, track: 2 } as const;
/** How many tracks each side of the current one the SDK's track_window shows. */
const WINDOW = 2;

/** The Web Playback SDK's state object, for the device that is playing. */
export function sdkStateView(objects: ObjectBuilders, state: PlayerState, playbackId: string, now: number): Json | null {
  const track = currentTrack(state);
  if (!track) return null;
  const at = (cursor: number) => state.tracks[state.order[cursor] ?? -1];
  const windowTracks = (from: number, to: number) => {
    const list: Json[] = [];
    for (let cursor = from; cursor < to; cursor++) {
      const item = at(cursor);
      if (item) list.push(sdkTrack(objects, item, `${playbackId}-${cursor}`));
    }
    return list;
  };
  const flags = disallows(state);
  const reasons = (blocked: boolean) => (blocked ? ['not_allowed'] : []);
  return {
    context: { uri: state.contextUri, metadata: {} },
    timestamp: now,
    duration: track.durationMs,
    position: progressMs(state, now),
    paused: !state.playing,
    loading: false,
    shuffle: state.shuffle,
    repeat_mode: REPEAT_MODE[state.repeat],
    playback_id: playbackId,
    playback_quality: 'LOW',
    playback_speed: 1,
    playback_features: { hifi_status: 'NONE' },
    track_window: {
      current_track: sdkTrack(objects, track, state.interlude ? `${playbackId}-added` : `${playbackId}-${state.cursor}`),
      previous_tracks: windowTracks(Math.max(0, state.cursor - WINDOW), state.cursor),
      next_tracks: upcoming(state, WINDOW).map((item, index) => sdkTrack(objects, item, `${playbackId}-next-${index}`)),
    },
    disallows: {
      ...flags,
      peeking_next: flags.skipping_next,
      peeking_prev: flags.skipping_prev,
    },
    restrictions: {
      disallow_pausing_reasons: reasons(flags.pausing),
      disallow_resuming_reasons: reasons(flags.resuming),
      disallow_seeking_reasons: reasons(flags.seeking),
      disallow_skipping_next_reasons: reasons(flags.skipping_next),
      disallow_skipping_prev_reasons: reasons(flags.skipping_prev),
      disallow_peeking_next_reasons: reasons(flags.skipping_next),
      disallow_peeking_prev_reasons: reasons(flags.skipping_prev),
    },
  };
}

/** GET me/player/queue's QueueObject: the current track and what plays after it. */
export function queueView(objects: ObjectBuilders, state: PlayerState | null): Json {
  const track = state ? currentTrack(state) : null;
  if (!state || !track) return { currently_playing: null, queue: [] };
  return {
    currently_playing: objects.track(track.id) ?? null,
    queue: upcoming(state).flatMap((item) => objects.track(item.id) ?? []),
  };
}
