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
   * A paused playback whose device is no longer active (a tab closed or reloaded): Play
   * moves it here (a transfer that plays), from where it stopped.
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
