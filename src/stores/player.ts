import { map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { isInLibrary } from '../api/library';
import * as playerApi from '../api/player';
import type { Playback, RepeatState, Track } from '../api/types';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { logUnlessCanceled } from './log';
import { rememberLiked, toggleLikeTrack } from './library';
import { openPremiumPrompt } from './ui';

/** SPEC §9: closing the player resets it after 800 ms. */
export const CLOSE_RESET_MS = 800;
/** SPEC §5: play without a stored device id fails with this message. */
export const DEVICE_NOT_AVAILABLE = 'Device is not available';

export interface PlayerState {
  /** The player card is shown. */
  visible: boolean;
  isPlaybackLoading: boolean;
  currentPlayingTrack: Track | null;
  playback: Playback | null;
  isLiked: boolean;
  /** Whole seconds, 0 to the track's duration (SPEC §4's progress bar). */
  progressSeconds: number;
}

const initial = (): PlayerState => ({
  visible: false,
  isPlaybackLoading: false,
  currentPlayingTrack: null,
  playback: null,
  isLiked: false,
  progressSeconds: 0,
});

/** The player card's state: SPEC §3's currentPlayingTrack and isPlaybackLoading, the playback, like and progress. */
export const $player = map<PlayerState>(initial());

/** The device id the SDK player stored on ready, or null. */
export function storedDeviceId(): string | null {
  const id = readStored<unknown>(STORAGE_KEYS.deviceId, null);
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Back to no player (no state from the SDK, an account error, after closing). */
export function resetPlayer(): void {
  $player.set(initial());
}

/** Reads the current playback and whether its track is liked (SPEC §7: GET me/player, then contains). */
export async function refreshPlayback(): Promise<void> {
  try {
    const playback = await playerApi.getPlayback();
    const item = playback?.item ?? null;
    $player.set({
      ...$player.get(),
      playback,
      currentPlayingTrack: item ?? $player.get().currentPlayingTrack,
      progressSeconds: Math.floor((playback?.progressMs ?? 0) / 1000),
    });
    if (item) {
      const liked = await isInLibrary('track', item.id);
      rememberLiked(item.id, liked);
      if ($player.get().currentPlayingTrack?.id === item.id) $player.setKey('isLiked', liked);
    }
  } catch (error) {
    logUnlessCanceled('Could not read the playback', error);
  }
}

function requireDevice(): string {
  const deviceId = storedDeviceId();
  if (deviceId) return deviceId;
  resetPlayer();
  openPremiumPrompt();
  throw new Error(DEVICE_NOT_AVAILABLE);
}

async function start(request: Omit<playerApi.PlayRequest, 'deviceId'>, track: Track | null): Promise<void> {
  const deviceId = requireDevice();
  $player.set({ ...$player.get(), visible: true, isPlaybackLoading: true, currentPlayingTrack: track ?? $player.get().currentPlayingTrack });
  try {
    await playerApi.startPlayback({ ...request, deviceId });
  } catch (error) {
    // SPEC §4: a failed start hides the player.
    $player.set({ ...$player.get(), visible: false, isPlaybackLoading: false });
    throw error;
  }
  $player.setKey('isPlaybackLoading', false);
  await refreshPlayback();
}

/** Starts one track from its beginning: one uri, position_ms 0 (SPEC §7). */
export function playTrack(track: Track): Promise<void> {
  return start({ uris: [track.uri], positionMs: 0 }, track);
}

/** Starts a context (album, playlist, artist), optionally at a track. */
export function playContext(contextUri: string, offset?: playerApi.PlayRequest['offset']): Promise<void> {
  return start({ contextUri, offset, positionMs: 0 }, null);
}

/**
 * Plays the track at `index` of a list the user clicked in. An album or
 * playlist plays as its context (context_uri and offset), so next and previous
 * follow it; any other list plays as its track uris.
 */
export function playFromList(tracks: readonly Track[], index: number, contextUri?: string): Promise<void> {
  const track = tracks[index];
  if (!track) return Promise.resolve();
  if (contextUri) return start({ contextUri, offset: { uri: track.uri }, positionMs: 0 }, track);
  return start({ uris: tracks.map((item) => item.uri), offset: { position: index }, positionMs: 0 }, track);
}

/** Play/pause: pause, or resume the current track uri from the current progress (SPEC §4). */
export async function togglePlay(): Promise<void> {
  const { playback, currentPlayingTrack, progressSeconds } = $player.get();
  if (playback?.isPlaying) {
    await playerApi.pausePlayback(storedDeviceId() ?? undefined);
    $player.setKey('playback', { ...playback, isPlaying: false });
    return;
  }
  if (!currentPlayingTrack) return;
  await start({ uris: [currentPlayingTrack.uri], positionMs: progressSeconds * 1000 }, currentPlayingTrack);
}

/** Next track. */
export async function nextTrack(): Promise<void> {
  await playerApi.skipToNext(storedDeviceId() ?? undefined);
  await refreshPlayback();
}

/** Previous track. */
export async function previousTrack(): Promise<void> {
  await playerApi.skipToPrevious(storedDeviceId() ?? undefined);
  await refreshPlayback();
}

const NEXT_REPEAT: Record<RepeatState, RepeatState> = { off: 'context', context: 'track', track: 'off' };

/** Repeat cycles off, context, track, off. */
export async function cycleRepeat(): Promise<void> {
  const playback = $player.get().playback;
  const next = NEXT_REPEAT[playback?.repeatState ?? 'off'];
  await playerApi.setRepeatMode(next, storedDeviceId() ?? undefined);
  if (playback) $player.setKey('playback', { ...playback, repeatState: next });
}

/** Shuffle toggles. */
export async function toggleShuffle(): Promise<void> {
  const playback = $player.get().playback;
  const next = !(playback?.shuffleState ?? false);
  await playerApi.setShuffle(next, storedDeviceId() ?? undefined);
  if (playback) $player.setKey('playback', { ...playback, shuffleState: next });
}

/** The player's like heart: like or unlike, then reload the current playback (SPEC §4). */
export async function likeCurrentTrack(): Promise<void> {
  const track = $player.get().currentPlayingTrack;
  if (!track) return;
  await toggleLikeTrack(track.id);
  await refreshPlayback();
}

/** Sets the elapsed second (dragging the progress bar, or its input changing). */
export function setProgressSeconds(seconds: number): void {
  const duration = Math.floor(($player.get().currentPlayingTrack?.durationMs ?? 0) / 1000);
  $player.setKey('progressSeconds', Math.max(0, Math.min(duration, Math.round(seconds))));
}

/** One tick of the progress timer: +1 s while playing, back to 0 past the duration. */
export function tickProgress(): void {
  const { playback, currentPlayingTrack, progressSeconds } = $player.get();
  if (!playback?.isPlaying || !currentPlayingTrack) return;
  const duration = Math.floor(currentPlayingTrack.durationMs / 1000);
  $player.setKey('progressSeconds', progressSeconds + 1 > duration ? 0 : progressSeconds + 1);
}

/** Closing the player: pause, then reset after 800 ms. */
export async function closePlayer(): Promise<void> {
  try {
    await playerApi.pausePlayback(storedDeviceId() ?? undefined);
  } catch (error) {
    if (!isCanceled(error)) console.error('Could not pause on close', error);
  }
  await new Promise((resolve) => setTimeout(resolve, CLOSE_RESET_MS));
  resetPlayer();
}

// Reaction: the progress timer ticks every 1000 ms while something shows the player.
onMount($player, () => {
  const timer = setInterval(tickProgress, 1000);
  return () => clearInterval(timer);
});

/** What the SDK player reports, already turned into our types by src/playback. */
export interface DeviceState {
  loading: boolean;
  paused: boolean;
  positionMs: number;
  track: Track | null;
}

/**
 * SPEC §4's reactions to the SDK: no state resets the player; a loading flag
 * that differs is copied; once loading is over (or paused) a different track
 * becomes the current one and the playback is read again.
 */
export function applyDeviceState(state: DeviceState | null): void {
  if (!state) return resetPlayer();
  const current = $player.get();
  if (state.loading !== current.isPlaybackLoading) $player.setKey('isPlaybackLoading', state.loading);
  if (current.playback) {
    $player.set({
      ...$player.get(),
      playback: { ...current.playback, isPlaying: !state.paused, progressMs: state.positionMs },
      progressSeconds: Math.floor(state.positionMs / 1000),
    });
  }
  if ((!state.loading || state.paused) && state.track && state.track.id !== current.currentPlayingTrack?.id) {
    $player.set({ ...$player.get(), currentPlayingTrack: state.track, visible: true });
    void refreshPlayback();
  }
}
