import type { DeviceReport, PlayerState } from '../stores/player-rules';
import { tellOtherTabs } from '../lib/tab-news';
import { writeStored, STORAGE_KEYS } from '../lib/storage';
import { followPlaybackAway } from '../stores/devices';
import {
  $player,
  followDeviceReport,
  refreshPlayback,
  resetPlayer,
  showDeviceReady,
  storedDeviceId,
} from '../stores/player';

/**
 * The SDK's events, turned into the player store's actions (it alone writes $player) and
 * into what must follow them: the device id stored, the playback read again, another device
 * followed.
 */

/** The SDK's `ready`: store the device id (a new one after every reconnect) and show the card as connected. */
export function markDeviceReady(deviceId: string): void {
  const before = storedDeviceId();
  writeStored(STORAGE_KEYS.deviceId, deviceId);
  const { device, currentPlayingTrack, playback } = $player.get();
  showDeviceReady(deviceId);
  // The provider dropped the old device's playback: show what it says now (the card then offers play).
  // (A fresh tab caught up with the account's playback as it loaded: src/playback/catch-up.ts.)
  // The old device may be this tab's before a reload: the music stopped with that page, though
  // the server, reading as the page loaded, may still have found that device active there,
  // playing or paused: the card said "Playing on My Music", and Play went to the gone device.
  const heldByGoneDevice = playback?.device?.id === before && before !== deviceId;
  if ((device === 'reconnecting' && currentPlayingTrack) || heldByGoneDevice) void refreshPlayback();
}

/**
 * SPEC §4's reactions to the SDK: no state resets the player (and playback taken by another
 * device is followed there); a state is followed (stores/player.ts followDeviceReport), and
 * the playback read again when it came from another device or brought a new track.
 */
export function applyDeviceState(report: DeviceReport | null): void {
  const before = $player.get();
  if (!report) {
    // **Change:** playback taken by another device (a tab, a window, an app) is followed there,
    // and the card keeps what it shows until the provider says where it went (every transfer
    // sends the old device a null state): reset first, it blanked for that round trip.
    if (before.playback) void followPlaybackAway();
    else resetPlayer();
    return;
  }
  const newTrack = followDeviceReport(report);
  // The playback came here from another device: read it again (after the report, which drops
  // an answer asked before it), so commands target this one.
  const cameFromElsewhere = Boolean(before.playback?.device && before.playback.device.id !== storedDeviceId());
  if (cameFromElsewhere || newTrack) void refreshPlayback();
  if (isNewsToOtherTabs(before, report, cameFromElsewhere)) tellOtherTabs({ topic: 'playback' });
}

/**
 * Whether a report of this tab's device is news to the other tabs of this browser (src/lib/tab-news.ts):
 * the music came here, or its track, or whether it plays, changed. Not its position: a tab that
 * knows the music plays on another device reads it every few seconds (stores/devices.ts).
 */
export function isNewsToOtherTabs(before: Pick<PlayerState, 'playback' | 'currentPlayingTrack'>, report: DeviceReport, cameFromElsewhere: boolean): boolean {
  if (cameFromElsewhere) return true;
  if (report.track && report.track.id !== (before.playback?.item ?? before.currentPlayingTrack)?.id) return true;
  // Whether it plays: news when it differs from what this tab knew (nothing known: when it plays).
  return before.playback ? before.playback.isPlaying === report.paused : !report.paused;
}
