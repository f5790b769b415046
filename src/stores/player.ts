import { atom, map, onMount } from 'nanostores';
import { isInLibrary } from '../api/library';
import * as playerApi from '../api/player';
import type { Playback, RepeatState, Track } from '../api/types';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { playerClock, wait } from '../lib/clock';
import { logUnlessCanceled } from './log';
import { rememberLiked, toggleLikeTrack } from './library';
import { openPremiumPrompt } from './ui';

/** SPEC §9: closing the player resets it after 800 ms. */
const CLOSE_RESET_MS = 800;
/** SPEC §9: the progress timer ticks every 1000 ms. */
const PROGRESS_TICK_MS = 1000;
/** SPEC §5: play without a stored device id fails with this message. */
const DEVICE_NOT_AVAILABLE = 'Device is not available';
/** SPEC §9: the SDK player starts at volume 0.5. */
const INITIAL_VOLUME_PERCENT = 50;

/** Where the SDK device is: not connected yet, ready, or lost and coming back with a new id. */
type DeviceStatus = 'offline' | 'ready' | 'reconnecting';

export interface PlayerState {
  /** The player card is shown. */
  visible: boolean;
  isPlaybackLoading: boolean;
  currentPlayingTrack: Track | null;
  playback: Playback | null;
  /** Whole seconds, 0 to the track's duration (SPEC §4's progress bar). */
  progressSeconds: number;
  device: DeviceStatus;
  /** This tab's SDK device id (another tab's `ready` overwrites the stored one, never this). */
  deviceId: string | null;
  /** The browser refused to start sound without a click: the card offers play. */
  autoplayBlocked: boolean;
  volumePercent: number;
}

const initial = (device: DeviceStatus = 'offline', volumePercent = INITIAL_VOLUME_PERCENT, deviceId: string | null = null): PlayerState => ({
  visible: false,
  isPlaybackLoading: false,
  currentPlayingTrack: null,
  playback: null,
  progressSeconds: 0,
  device,
  deviceId,
  autoplayBlocked: false,
  volumePercent,
});

/** The player card's state: SPEC §3's currentPlayingTrack and isPlaybackLoading, the playback, progress and device (the like flag is the library store's). */
export const $player = map<PlayerState>(initial());

/** Whether the music is heard: the provider says it plays and the browser let the sound start. */
export function isSounding(player: Pick<PlayerState, 'playback' | 'autoplayBlocked'>): boolean {
  return player.playback?.isPlaying === true && !player.autoplayBlocked;
}

/** The sheet listing the keyboard shortcuts ('?') is open. */
export const $shortcutsSheet = atom(false);

/** This tab's SDK device id: the one its player announced, else the one stored on ready, or null. */
export function storedDeviceId(): string | null {
  const own = $player.get().deviceId;
  if (own) return own;
  const id = readStored<unknown>(STORAGE_KEYS.deviceId, null);
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The device commands drive: the one the provider says plays (maybe another tab or app), else this tab's. */
export function targetDeviceId(): string | undefined {
  return $player.get().playback?.device?.id ?? storedDeviceId() ?? undefined;
}

/** Back to no player (no state from the SDK, an account error, after closing); the device stays as it is. */
export function resetPlayer(): void {
  const { device, volumePercent, deviceId } = $player.get();
  $player.set(initial(device, volumePercent, deviceId));
}

let playbackVersion = 0;

/**
 * Records that the playback changed here (a command's answer, the SDK's
 * state): a GET me/player asked before then is stale and is dropped.
 */
export function notePlaybackChange(): void {
  playbackVersion++;
}

/** Reads the current playback and whether its track is liked (SPEC §7: GET me/player, then contains). */
export async function refreshPlayback(): Promise<void> {
  const asked = playbackVersion;
  try {
    const playback = await playerApi.getPlayback();
    if (asked !== playbackVersion) return;
    const item = playback?.item ?? null;
    $player.set({
      ...$player.get(),
      playback,
      currentPlayingTrack: item ?? $player.get().currentPlayingTrack,
      // Nothing loaded any more (another device, a reconnect): the card keeps where it was, to resume from there.
      progressSeconds: playback ? Math.floor(playback.progressMs / 1000) : $player.get().progressSeconds,
      volumePercent: playback?.device?.volumePercent ?? $player.get().volumePercent,
    });
    if (item) {
      const liked = await isInLibrary('track', item.id);
      rememberLiked(item.id, liked);
    }
  } catch (error) {
    logUnlessCanceled('Could not read the playback', error);
  }
}

let activate: () => void = () => undefined;

/** Runs the SDK's `activateElement` (call it inside a click that may bring sound to this tab). */
export function activateAudio(): void {
  activate();
}

/**
 * The SDK's `activateElement`, installed by src/playback: every play runs it
 * first, inside the click, so browsers that block autoplay still play.
 */
export function setPlaybackActivator(activator: (() => void) | null): void {
  activate = activator ?? (() => undefined);
}

function requireDevice(): string {
  const deviceId = storedDeviceId();
  if (deviceId) return deviceId;
  resetPlayer();
  openPremiumPrompt();
  throw new Error(DEVICE_NOT_AVAILABLE);
}

/** The play request on the wire: the provider has not answered it yet. */
let sending: { key: string; played: Promise<void> } | null = null;
/** The latest click made while a request was on the wire: sent once that one answers. */
let wanted: { key: string; request: playerApi.PlayRequest } | null = null;

/** Sends the wanted request, then the one clicked meanwhile, if any: one request on the wire at a time. */
async function sendWanted(): Promise<void> {
  while (wanted) {
    const { key, request } = wanted;
    wanted = null;
    if (sending) sending.key = key;
    try {
      await playerApi.startPlayback(request);
    } catch (error) {
      // A newer click supersedes the failed one (the API client has shown the failure).
      if (!wanted) throw error;
    }
  }
}

/**
 * Every play goes through here. Synchronous up to the request, so the
 * activation happens inside the click. A click while a request is on the wire
 * starts no second one beside it: the same request again is the same play, and
 * a different one is sent when the first answers (the latest click wins, as in
 * any player: a track clicked is never silently dropped). Once the provider has
 * answered, the next click is a new play, even while the playback is read again.
 */
function start(request: Omit<playerApi.PlayRequest, 'deviceId'>, track: Track | null): Promise<void> {
  activate();
  let deviceId: string;
  try {
    deviceId = requireDevice();
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const full = { ...request, deviceId };
  const key = JSON.stringify(full);
  $player.set({
    ...$player.get(),
    visible: true,
    isPlaybackLoading: true,
    autoplayBlocked: false,
    currentPlayingTrack: track ?? $player.get().currentPlayingTrack,
  });
  // A reading of the playback asked before this click is stale.
  notePlaybackChange();
  if (sending) {
    wanted = key === sending.key ? null : { key, request: full };
    return sending.played;
  }
  wanted = { key, request: full };
  const round = { key, played: Promise.resolve() };
  sending = round;
  const sent = sendWanted().finally(() => {
    if (sending === round) sending = null;
  });
  round.played = sent.then(
    async () => {
      $player.setKey('isPlaybackLoading', false);
      await refreshPlayback();
    },
    (error: unknown) => {
      // SPEC §4: a failed start hides the player.
      $player.set({ ...$player.get(), visible: false, isPlaybackLoading: false });
      throw error;
    },
  );
  return round.played;
}

/**
 * What every track list calls on a click: plays the track at `index`. An album
 * or playlist plays as its context (context_uri and offset), so next and
 * previous follow it; any other list plays as its track uris. Call it straight
 * from the click handler (it activates the SDK's audio first). It never
 * rejects: a missing device (reset, premium prompt, 'Device is not available'),
 * PREMIUM_REQUIRED (the prompt) and other failures (the catalogue's toast) are
 * shown already, and only logged here.
 */
export async function playFromList(tracks: readonly Track[], index: number, contextUri?: string): Promise<void> {
  const track = tracks[index];
  if (!track) return;
  const request = contextUri
    ? { contextUri, offset: { uri: track.uri }, positionMs: 0 }
    : { uris: tracks.map((item) => item.uri), offset: { position: index }, positionMs: 0 };
  try {
    await start(request, track);
  } catch (error) {
    if (error instanceof Error && error.message === DEVICE_NOT_AVAILABLE) console.warn(DEVICE_NOT_AVAILABLE);
    else logUnlessCanceled('Could not start playback', error);
  }
}

/**
 * A player command. Its failure was already shown by the API client (SPEC §8's
 * toast); the card then reads GET me/player again so it shows what really plays.
 */
async function command(what: string, run: (deviceId: string | undefined) => Promise<void>): Promise<void> {
  try {
    await run(targetDeviceId());
  } catch (error) {
    logUnlessCanceled(`Player command failed: ${what}`, error);
    await refreshPlayback();
  }
}

/**
 * Play/pause: pause, or resume the current track from the current progress
 * (SPEC §4). While the provider still holds that track, the resume sends only
 * position_ms, so an album, playlist or list keeps playing as one (next and
 * previous follow it); otherwise it plays the current track uri.
 */
export function togglePlay(): Promise<void> {
  const player = $player.get();
  const { playback, currentPlayingTrack, progressSeconds } = player;
  if (isSounding(player)) {
    return command('pause', async (deviceId) => {
      await playerApi.pausePlayback(deviceId);
      notePlaybackChange();
      const now = $player.get().playback;
      if (now) $player.setKey('playback', { ...now, isPlaying: false });
    });
  }
  if (!currentPlayingTrack) return Promise.resolve();
  const positionMs = progressSeconds * 1000;
  const elsewhere = playback?.device && playback.device.id !== storedDeviceId() ? playback.device.id : null;
  if (elsewhere && playback?.item?.id === currentPlayingTrack.id) {
    // Another device holds the playback: resume it there, through the Web API.
    return command('resume', async () => {
      await playerApi.startPlayback({ deviceId: elsewhere, positionMs });
      await refreshPlayback();
    });
  }
  const request = playback?.item?.id === currentPlayingTrack.id ? { positionMs } : { uris: [currentPlayingTrack.uri], positionMs };
  return start(request, currentPlayingTrack).catch((error: unknown) =>
    logUnlessCanceled('Could not resume playback', error),
  );
}

/** Next track. */
export function nextTrack(): Promise<void> {
  return command('next', async (deviceId) => {
    await playerApi.skipToNext(deviceId);
    await refreshPlayback();
  });
}

/** Previous track. */
export function previousTrack(): Promise<void> {
  return command('previous', async (deviceId) => {
    await playerApi.skipToPrevious(deviceId);
    await refreshPlayback();
  });
}

const NEXT_REPEAT: Record<RepeatState, RepeatState> = { off: 'context', context: 'track', track: 'off' };

/** Repeat cycles off, context, track, off. */
export function cycleRepeat(): Promise<void> {
  return command('repeat', async (deviceId) => {
    const next = NEXT_REPEAT[$player.get().playback?.repeatState ?? 'off'];
    await playerApi.setRepeatMode(next, deviceId);
    notePlaybackChange();
    const playback = $player.get().playback;
    if (playback) $player.setKey('playback', { ...playback, repeatState: next });
  });
}

/** Shuffle toggles. */
export function toggleShuffle(): Promise<void> {
  return command('shuffle', async (deviceId) => {
    const next = !($player.get().playback?.shuffleState ?? false);
    await playerApi.setShuffle(next, deviceId);
    notePlaybackChange();
    const playback = $player.get().playback;
    if (playback) $player.setKey('playback', { ...playback, shuffleState: next });
  });
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

/**
 * Releasing the progress bar: the elapsed second, and the music follows it.
 * **Change** from SPEC §5 (its seek listener does nothing): the music follows the bar.
 */
export function seekToSecond(seconds: number): Promise<void> {
  setProgressSeconds(seconds);
  const positionMs = $player.get().progressSeconds * 1000;
  return command('seek', (deviceId) => playerApi.seekTo(positionMs, deviceId));
}

/** Volume up or down by `delta` percent (the Shift+Up/Down shortcuts). */
export function changeVolume(delta: number): Promise<void> {
  const volumePercent = Math.max(0, Math.min(100, $player.get().volumePercent + delta));
  $player.setKey('volumePercent', volumePercent);
  return command('volume', (deviceId) => playerApi.setVolume(volumePercent, deviceId));
}

/** One tick of the progress timer: +1 s while playing, back to 0 past the duration. */
function tickProgress(): void {
  const { playback, currentPlayingTrack, progressSeconds } = $player.get();
  if (!playback?.isPlaying || !currentPlayingTrack) return;
  const duration = Math.floor(currentPlayingTrack.durationMs / 1000);
  $player.setKey('progressSeconds', progressSeconds + 1 > duration ? 0 : progressSeconds + 1);
}

/** Closing the player: pause, then reset after 800 ms. */
export async function closePlayer(): Promise<void> {
  await command('pause', (deviceId) => playerApi.pausePlayback(deviceId));
  await wait(CLOSE_RESET_MS);
  resetPlayer();
}

/** Opens or closes the keyboard shortcuts sheet. */
export function setShortcutsSheet(open: boolean): void {
  $shortcutsSheet.set(open);
}

// Reaction: the progress timer ticks every 1000 ms while something shows the player.
onMount($player, () => {
  const clock = playerClock();
  const timer = clock.setInterval(tickProgress, PROGRESS_TICK_MS);
  return () => clock.clearInterval(timer);
});
