import { computed } from 'nanostores';
import { $player } from './player';

/**
 * What every track list needs from the player: which track is current and
 * whether it plays. Derived once, so a list hears of a new track or a pause, not of
 * every tick of the progress bar; each row then asks whether it is the one
 * (components/browse/use-now-playing.ts).
 */
export const $playingTrackId = computed($player, (player) => player.currentPlayingTrack?.id ?? null);

/** Whether the current track is playing (not paused). */
export const $isPlaying = computed($player, (player) => player.playback?.isPlaying === true);
