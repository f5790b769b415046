import { computed, map, onMount } from 'nanostores';
import * as devicesApi from '../api/devices';
import { isCanceled, statusOf } from '../api/errors';
import type { Device } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import { playerClock } from '../lib/clock';
import { $player, notePlaybackChange, refreshPlayback, showPlayerCard, storedDeviceId } from './player';
import { activateAudio } from './play';
import { showToast } from './toasts';

/** While another device plays, the card reads GET me/player this often to follow it. */
const OTHER_DEVICE_REFRESH_MS = 5000;
/** Said when the chosen device left before the transfer reached it. */
export const DEVICE_GONE = 'That device is no longer available';

interface DevicesState {
  /** The picker is open. */
  open: boolean;
  loading: boolean;
  failed: boolean;
  list: Device[];
  /** The device a transfer is on its way to. */
  transferring: string | null;
}

/** The device picker: GET me/player/devices, which one is active, a transfer under way. */
export const $devices = map<DevicesState>({ open: false, loading: false, failed: false, list: [], transferring: null });

/** The device the provider says plays when it is not this tab's, or null. */
export const $otherDevice = computed($player, (player) => {
  const device = player.playback?.device ?? null;
  return device && device.id !== (player.deviceId ?? storedDeviceId()) ? device : null;
});

const answers = createAnswerGuard();

/** Reads the device list; an older answer arriving late is dropped. */
export async function loadDevices(): Promise<void> {
  const mine = answers.ask();
  $devices.set({ ...$devices.get(), loading: true, failed: false });
  try {
    const list = await devicesApi.getDevices();
    if (answers.isCurrent(mine)) $devices.set({ ...$devices.get(), list, loading: false });
  } catch (error) {
    if (!answers.isCurrent(mine)) return;
    $devices.set({ ...$devices.get(), loading: false, failed: !isCanceled(error) });
  }
}

/** Opens or closes the device picker; opening reads the list and the playback again (which device plays). */
export function toggleDevicePicker(open = !$devices.get().open): void {
  $devices.setKey('open', open);
  if (!open) return;
  void loadDevices();
  void followOtherDevice();
}

/**
 * Moves playback to a device, keeping its play state (playing stays playing,
 * paused stays paused). A device that vanished meanwhile: the list is read
 * again and the user told so.
 */
export async function transferTo(deviceId: string): Promise<void> {
  if ($devices.get().transferring) return;
  // Sound may come to this tab: unlock its audio inside the click.
  if (deviceId === storedDeviceId()) activateAudio();
  const play = $player.get().playback?.isPlaying === true;
  $devices.setKey('transferring', deviceId);
  try {
    await devicesApi.transferPlayback(deviceId, play);
    notePlaybackChange();
    await refreshPlayback();
    await loadDevices();
  } catch (error) {
    if (statusOf(error) === 404) {
      await loadDevices();
      showToast(DEVICE_GONE, 'info');
    } else if (!isCanceled(error)) {
      console.warn('Could not transfer playback', error);
    }
  } finally {
    $devices.setKey('transferring', null);
  }
}

/**
 * Shows what plays on another device (another tab, window or app), if anything:
 * the card appears with that playback and its controls drive that device.
 */
export async function followOtherDevice(): Promise<void> {
  await refreshPlayback();
  if ($otherDevice.get() && $player.get().currentPlayingTrack) showPlayerCard();
}

// Reaction: while another device plays, follow it (track changes, pauses) by reading the playback now and then.
onMount($otherDevice, () => {
  let timer: unknown = null;
  const stop = () => {
    if (timer !== null) playerClock().clearInterval(timer);
    timer = null;
  };
  const unsubscribe = $otherDevice.subscribe((device) => {
    if (device && timer === null) {
      timer = playerClock().setInterval(() => {
        if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void refreshPlayback();
      }, OTHER_DEVICE_REFRESH_MS);
    } else if (!device) stop();
  });
  return () => {
    unsubscribe();
    stop();
  };
});
