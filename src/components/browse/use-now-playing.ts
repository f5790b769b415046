import { useStore } from '@nanostores/react';
import { $isPlaying, $playingTrackId } from '../../stores/now-playing';
import { useHydrated } from '../use-hydrated';

/**
 * How every list marks a track (rows, tiles): whether it is the player's current
 * track, and whether it plays (the equaliser) rather than being paused.
 */
export function useNowPlaying(trackId: string): { isCurrent: boolean; isPlaying: boolean } {
  // The server knows nothing of this tab's player: a server-rendered list marks its playing
  // row once hydrated, so hydration finds the server's HTML.
  const hydrated = useHydrated();
  const isCurrent = useStore($playingTrackId) === trackId && hydrated;
  const isPlaying = useStore($isPlaying) && isCurrent;
  return { isCurrent, isPlaying };
}
