import { useContext, useSyncExternalStore } from 'react';
import { $isPlaying, $playingTrackId } from '../../stores/now-playing';
import { ShownMarkContext } from '../shown-mark';

function watchPlayer(changed: () => void): () => void {
  const stops = [$playingTrackId.listen(changed), $isPlaying.listen(changed)];
  return () => stops.forEach((stop) => stop());
}

/**
 * How every list marks a track (rows, tiles): whether it is the player's current
 * track, and whether it plays (the equaliser) rather than being paused.
 *
 * On the server and while hydrating a row shows the mark its page was rendered with (the server
 * found what plays for a page the browser loads whole; a page the router fetched has none); the
 * player's own mark follows, and only the rows it concerns render again. Each row reads whether it
 * is current and whether it plays, not which track is current, so a new track or a pause renders
 * the rows it concerns, not every row.
 */
export function useNowPlaying(trackId: string): { isCurrent: boolean; isPlaying: boolean } {
  const shown = useContext(ShownMarkContext);
  const shownCurrent = shown?.trackId === trackId;
  const shownPlaying = shownCurrent && shown?.isPlaying === true;
  const isCurrent = useSyncExternalStore(watchPlayer, () => $playingTrackId.get() === trackId, () => shownCurrent);
  const isPlaying = useSyncExternalStore(watchPlayer, () => $isPlaying.get() && $playingTrackId.get() === trackId, () => shownPlaying);
  return { isCurrent, isPlaying };
}
