import { computed } from 'nanostores';
import { $player } from './player';

/**
 * What every track list needs from the player: which track is current and
 * whether it plays. Derived once, so a row re-renders when the track changes,
 * not on every tick of the progress bar.
 */
export const $playingTrackId = computed($player, (player) => player.currentPlayingTrack?.id ?? null);

/** Whether the current track is playing (not paused). */
export const $isPlaying = computed($player, (player) => player.playback?.isPlaying === true);
