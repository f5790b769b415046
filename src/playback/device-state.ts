import type { Track } from '../api/types';
import { writeStored, STORAGE_KEYS } from '../lib/storage';
import { followOtherDevice } from '../stores/devices';
import { $route } from '../stores/route';
import { $player, notePlaybackChange, refreshPlayback, resetPlayer, storedDeviceId } from '../stores/player';

/** What the SDK player reports, already turned into our types (src/playback/sdk.ts). */
export interface DeviceState {
  loading: boolean;
  paused: boolean;
  positionMs: number;
  track: Track | null;
}

/** The SDK's `ready`: store the device id (a new one after every reconnect) and show the card as connected. */
export function markDeviceReady(deviceId: string): void {
  writeStored(STORAGE_KEYS.deviceId, deviceId);
  const { device, currentPlayingTrack } = $player.get();
  $player.set({ ...$player.get(), device: 'ready', deviceId });
  // The provider dropped the old device's playback: show what it says now (the card then offers play).
  if (device === 'reconnecting' && currentPlayingTrack) void refreshPlayback();
  // A fresh tab opened on /player: music may already play on another device, which the card
  // then shows and drives. Elsewhere the card stays away until the user asks for it.
  else if (device === 'offline' && !currentPlayingTrack && $route.get()?.name === 'player') void followOtherDevice();
}

/** The SDK's `not_ready`: the card says it is reconnecting until the next `ready`. */
export function markDeviceLost(): void {
  $player.setKey('device', 'reconnecting');
}

/** The SDK's `autoplay_failed`: the browser wants a click before sound, so the card offers play. */
export function markAutoplayBlocked(): void {
  $player.setKey('autoplayBlocked', true);
}

/**
 * SPEC §4's reactions to the SDK: no state resets the player; a loading flag
 * that differs is copied; once loading is over (or paused) a different track
 * becomes the current one and the playback is read again.
 */
export function applyDeviceState(state: DeviceState | null): void {
  const current = $player.get();
  if (!state) {
    resetPlayer();
    // **Change:** playback taken by another device (a tab, a window, an app) is followed there.
    if (current.playback) void followOtherDevice();
    return;
  }
  if (state.loading !== current.isPlaybackLoading) $player.setKey('isPlaybackLoading', state.loading);
  if (current.playback) {
    notePlaybackChange();
    $player.set({
      ...$player.get(),
      playback: { ...current.playback, isPlaying: !state.paused, progressMs: state.positionMs },
      progressSeconds: Math.floor(state.positionMs / 1000),
    });
  }
  // The playback came here from another device: read it again (after the mark above, which
  // would drop an answer asked before it), so commands target this one.
  if (current.playback?.device && current.playback.device.id !== storedDeviceId()) void refreshPlayback();
  if ((!state.loading || state.paused) && state.track && state.track.id !== current.currentPlayingTrack?.id) {
    $player.set({ ...$player.get(), currentPlayingTrack: state.track, visible: true });
    void refreshPlayback();
  }
}
