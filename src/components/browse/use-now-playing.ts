import { useStore } from '@nanostores/react';
import { $isPlaying, $playingTrackId } from '../../stores/now-playing';

/**
 * How every list marks a track (rows, tiles): whether it is the player's current
 * track, and whether it plays (the equaliser) rather than being paused.
 */
export function useNowPlaying(trackId: string): { isCurrent: boolean; isPlaying: boolean } {
  const isCurrent = useStore($playingTrackId) === trackId;
  const isPlaying = useStore($isPlaying) && isCurrent;
  return { isCurrent, isPlaying };
}
