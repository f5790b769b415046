import { computed } from 'nanostores';
import type { PlayingMark } from '../lib/playing-mark';
import { $player } from './player';
import { playingMarkOf } from './player-rules';

/**
 * What every track list needs from the player: which track is current and
 * whether it plays. Derived once, so a list hears of a new track or a pause, not of
 * every tick of the progress bar; each row then asks whether it is the one
 * (components/browse/use-now-playing.ts).
 */
export const $playingTrackId = computed($player, (player) => playingMarkOf(player).trackId);

/** Whether the current track is playing (not paused). */
export const $isPlaying = computed($player, (player) => playingMarkOf(player).isPlaying);

/**
 * Hands `note` what the lists show of the player now, and each time it changes (the track, or
 * whether it plays), once per change: read from the player itself, as a new track and its start
 * come in one change of it. Returns the stop.
 */
export function followPlayingMark(note: (mark: PlayingMark) => void): () => void {
  let told: PlayingMark | null = null;
  const tell = () => {
    const mark = playingMarkOf($player.get());
    if (told && told.trackId === mark.trackId && told.isPlaying === mark.isPlaying) return;
    told = mark;
    note(mark);
  };
  const stops = [$playingTrackId.listen(tell), $isPlaying.listen(tell)];
  tell();
  return () => stops.forEach((stop) => stop());
}
