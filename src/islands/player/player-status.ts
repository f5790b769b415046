import type { PlayerState } from '../../stores/player-rules';

/**
 * The player's one-line status under the track, the same on the card, the phone's bar and
 * the Now Playing view: the device coming back, the browser waiting for a click before
 * sound, or the other device that plays. Null when none applies.
 */
export function playerStatus(player: Pick<PlayerState, 'device' | 'autoplayBlocked'>, otherDeviceName: string | null): string | null {
  if (player.device === 'reconnecting') return 'Reconnecting…';
  if (player.autoplayBlocked) return 'Press play to start the sound';
  return otherDeviceName ? `Playing on ${otherDeviceName}` : null;
}
