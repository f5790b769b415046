import { computed, map, onMount } from 'nanostores';
import * as devicesApi from '../api/devices';
import { isCanceled, statusOf } from '../api/errors';
import { getRecentlyPlayed } from '../api/me';
import type { Device } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import { playerClock } from '../lib/clock';
import { NARROW_SCREEN } from '../lib/screens';
import { whereaboutsOf } from '../api/playback-whereabouts';
import { logUnlessCanceled } from './log';
import { isSounding } from './player-rules';
import { $player, notePlaybackChange, refreshPlayback, showLastPlayed, showPlaybackGone, showPlayerCard, storedDeviceId } from './player';
import { activateAudio } from './play';
import { showToast } from './toasts';
import { openBottomSheet } from './ui';

/**
 * The account's devices as this tab sees them: the picker (GET me/player/devices, a
 * transfer), which device holds the music, and catching up with it when the tab opens
 * or comes back into view.
 */

/** While another device plays, the card reads GET me/player this often to follow it. */
const OTHER_DEVICE_REFRESH_MS = 5000;
/**
 * While another device holds the music paused, every third of those: it may start again from its
 * own controls (a phone's), which the provider tells nobody, but a card left for an hour over a
 * paused phone read the playback 720 times. A tab of this browser that plays tells this one at
 * once (src/lib/tab-news.ts).
 */
const PAUSED_READ_EVERY = 3;

/** Whether the card reads the playback of another device at this tick, `ticksSinceRead` ticks (OTHER_DEVICE_REFRESH_MS) after it last did. */
export function isOtherDeviceReadDue(playing: boolean, ticksSinceRead: number): boolean {
  return ticksSinceRead >= (playing ? 1 : PAUSED_READ_EVERY);
}

/** Said when the chosen device left before the transfer reached it. */
export const DEVICE_GONE = 'That device is no longer available';

/** Where the picker opens: on the card (or the Now Playing view), under the wide top bar's button, or in the phone's bottom sheet. */
export type PickerPlace = 'card' | 'top-bar' | 'sheet';

interface DevicesState {
  /** The picker is open. */
  open: boolean;
  /** Where it opened (one picker shows at a time). */
  place: PickerPlace;
  loading: boolean;
  failed: boolean;
  list: Device[];
  /** The device a transfer is on its way to. */
  transferring: string | null;
}

/** The device picker: GET me/player/devices, which one is active, a transfer under way. */
export const $devices = map<DevicesState>({ open: false, place: 'card', loading: false, failed: false, list: [], transferring: null });

/** Where the account's music is, seen from this tab (src/api/playback-whereabouts.ts). */
export const $whereabouts = computed($player, (player) => whereaboutsOf(player.playback, player.deviceId ?? storedDeviceId()));

/** Whether this tab's own device sounds: what a reload (an update taking control) would end. */
export const $soundingHere = computed([$player, $whereabouts], (player, where) => where.at === 'here' && isSounding(player));

/** The active device that holds the music when it is not this tab's, or null: the card says "Playing on" it and drives it. */
export const $otherDevice = computed($whereabouts, (where) => (where.at === 'elsewhere' ? where.device : null));

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

/**
 * Opens or closes the device picker, on the card or from the shell; opening reads the list
 * and the playback again (which device plays).
 */
export function toggleDevicePicker(open = !$devices.get().open, place: PickerPlace = 'card'): void {
  $devices.set({ ...$devices.get(), open, place: open ? place : $devices.get().place });
  if (!open) return;
  void loadDevices();
  void catchUpWithPlayback();
}

// Reaction: this tab's device registered (the SDK's `ready`, a new id after every reconnect)
// while the picker is open. The list it read as it opened is the provider's from before, without
// this browser: opened soon after the page loaded, it said "No devices found." until reopened.
onMount($devices, () => {
  let own = $player.get().deviceId;
  return $player.listen(({ deviceId }) => {
    if (deviceId === own) return;
    own = deviceId;
    if (deviceId !== null && $devices.get().open) void loadDevices();
  });
});

const isNarrowScreen = () => typeof matchMedia === 'function' && matchMedia(NARROW_SCREEN).matches;

/** Opens the shell's picker: under the top bar's button on wide screens, in the bottom sheet on narrow ones. */
export function openShellDevicePicker(): void {
  const narrow = isNarrowScreen();
  if (narrow) openBottomSheet();
  toggleDevicePicker(true, narrow ? 'sheet' : 'top-bar');
}

/**
 * Opens the picker where it can be seen, for a way in that belongs to no button (the command
 * palette): the card's while the card shows, on a wide screen or in the Now Playing view; else
 * the shell's. On a phone the player is a one-line bar with no picker of its own.
 */
export function openDevicePickerWhereSeen({ cardShown, onNowPlaying }: { cardShown: boolean; onNowPlaying: boolean }): void {
  if (onNowPlaying || (cardShown && !isNarrowScreen())) toggleDevicePicker(true);
  else openShellDevicePicker();
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

/** How many recent plays catching up asks for: the last one is enough. */
const LAST_PLAYED_LIMIT = 1;

/**
 * What the card shows when the tab opens or comes back into view: the account's playback
 * from any device (playing elsewhere: "Playing on", driven there; left paused by a tab
 * that went: that track where it stopped), else the last played track, paused. A card
 * the user closed stays closed (`dismissed`) until the next play.
 */
export async function catchUpWithPlayback(): Promise<void> {
  await refreshPlayback();
  await showCaughtUp();
}

/**
 * The SDK's null state: this tab's device holds the playback no more (it moved to another
 * device, or stopped). **Change** from SPEC §4's reset at once: the card keeps what it shows
 * (an open picker, the focused button, the title, the Now Playing view) until the provider says
 * where the music is, then shows it there ("Playing on {device}"), or is reset when nothing
 * plays, and shows the last played track as any catch-up does. A click, a state or a reading
 * that came meanwhile is newer, and decides instead.
 */
export async function followPlaybackAway(): Promise<void> {
  if ((await refreshPlayback()) === 'stale') return;
  showPlaybackGone();
  await showCaughtUp();
}

/** What catching up shows once the playback was read: see catchUpWithPlayback. */
async function showCaughtUp(): Promise<void> {
  const { playback, currentPlayingTrack, dismissed } = $player.get();
  if (dismissed) return;
  if (playback?.item) {
    showPlayerCard();
    return;
  }
  if (currentPlayingTrack) return;
  try {
    // Not named: a call with the same name would cancel home's own recent plays (SPEC §4).
    const [last] = await getRecentlyPlayed(LAST_PLAYED_LIMIT, null);
    if (last && !$player.get().currentPlayingTrack && !$player.get().dismissed) showLastPlayed(last.track, last.contextUri);
  } catch (error) {
    logUnlessCanceled('Could not read the last played track', error);
  }
}

// Reaction: while another device holds the music, follow it (track changes, pauses) by reading
// the playback now and then (isOtherDeviceReadDue), while the tab is in view.
onMount($otherDevice, () => {
  let timer: unknown = null;
  const stop = () => {
    if (timer !== null) playerClock().clearInterval(timer);
    timer = null;
  };
  const unsubscribe = $otherDevice.subscribe((device) => {
    if (device && timer === null) {
      let ticksSinceRead = 0;
      timer = playerClock().setInterval(() => {
        if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
        ticksSinceRead++;
        if (!isOtherDeviceReadDue($player.get().playback?.isPlaying ?? false, ticksSinceRead)) return;
        ticksSinceRead = 0;
        void refreshPlayback();
      }, OTHER_DEVICE_REFRESH_MS);
    } else if (!device) stop();
  });
  return () => {
    unsubscribe();
    stop();
  };
});
