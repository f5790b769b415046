import { useSyncExternalStore } from 'react';
import { $isPlaying, $playingTrackId } from '../../stores/now-playing';

const notInTheServersHtml = () => false;

function watchPlayer(changed: () => void): () => void {
  const stops = [$playingTrackId.listen(changed), $isPlaying.listen(changed)];
  return () => stops.forEach((stop) => stop());
}

/**
 * How every list marks a track (rows, tiles): whether it is the player's current
 * track, and whether it plays (the equaliser) rather than being paused.
 *
 * The server knows nothing of this tab's player: a server-rendered list hydrates with no track
 * marked, and only the row of the track that plays renders again afterwards. Each row reads
 * whether it is current and whether it plays, not which track is current, so a new track or a
 * pause renders the rows it concerns, not every row.
 */
export function useNowPlaying(trackId: string): { isCurrent: boolean; isPlaying: boolean } {
  const isCurrent = useSyncExternalStore(watchPlayer, () => $playingTrackId.get() === trackId, notInTheServersHtml);
  const isPlaying = useSyncExternalStore(watchPlayer, () => $isPlaying.get() && $playingTrackId.get() === trackId, notInTheServersHtml);
  return { isCurrent, isPlaying };
}
