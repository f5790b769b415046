import type { Device, Playback } from './types';

/**
 * Where the account's music is, as one tab sees it: the one decision behind "Playing on
 * {device}", what the card's Play does, and whether the tab keeps reading the playback to
 * follow another device. Pure; stores/account-playback.ts and stores/play.ts act on it.
 */
export type Whereabouts =
  /** This tab's device holds the playback (playing or paused). */
  | { at: 'here' }
  /** Another active device (a tab, a window, an app) holds it: the card says so and drives it. */
  | { at: 'elsewhere'; device: Device }
  /**
   * A paused playback whose device is no longer active (a tab closed or reloaded): Play, or
   * any command on it, moves it here first (takeOverTarget), from where the bar shows.
   */
  | { at: 'left'; device: Device | null }
  /** The provider holds nothing: the last played track, if any, is played here afresh. */
  | { at: 'nowhere' };

export function whereaboutsOf(playback: Playback | null, ownDeviceId: string | null): Whereabouts {
  if (!playback?.item) return { at: 'nowhere' };
  const device = playback.device;
  if (device && ownDeviceId !== null && device.id === ownDeviceId) return { at: 'here' };
  if (device?.isActive) return { at: 'elsewhere', device };
  return { at: 'left', device };
}

/**
 * The device a command on the playback (next, previous, seek, shuffle, repeat) must first move
 * it to, or null when it runs where it is. A playback left behind has no active device, and the
 * provider refuses every command on it (404 NO_ACTIVE_DEVICE, silent) until a device takes it
 * over: this tab's, which then runs the command (stores/player.ts takeOverPlayback).
 */
export function takeOverTarget(where: Whereabouts, ownDeviceId: string | null): string | null {
  return where.at === 'left' ? ownDeviceId : null;
}
