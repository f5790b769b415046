import { useState } from 'react';
import type { Track } from '../../api/types';
import { trackDragProps } from '../../components/browse/track-drag-props';
import { DRAGS_TRACKS, useMediaQuery } from '../../components/use-media-query';

const DEFAULT_COVER = '/images/default-song.svg';

/**
 * The playing track's album cover; a default song image when it has none or fails to load (SPEC §8).
 * On wide screens it can be dragged onto one of the user's playlists, as a track row can.
 * `decorative` where the album's name would only get in the way of a link's name (the phone's bar).
 */
export function PlayerCover({ track, decorative = false }: { track: Track | null; decorative?: boolean }) {
  const url = track?.album?.images[0]?.url ?? DEFAULT_COVER;
  const [failed, setFailed] = useState<string | null>(null);
  const drags = useMediaQuery(DRAGS_TRACKS);
  return (
    <img
      {...(track ? trackDragProps(track, drags) : { draggable: false })}
      className="player-card__cover"
      src={failed === url ? DEFAULT_COVER : url}
      alt={decorative ? '' : (track?.album?.name ?? '')}
      width={64}
      height={64}
      onError={() => setFailed(url)}
    />
  );
}
