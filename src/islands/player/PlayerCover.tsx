import { useState } from 'react';
import type { Track } from '../../api/types';

const DEFAULT_COVER = '/images/default-song.svg';

/** The playing track's album cover; a default song image when it has none or fails to load (SPEC §8). */
export function PlayerCover({ track }: { track: Track | null }) {
  const url = track?.album?.images[0]?.url ?? DEFAULT_COVER;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      className="player-card__cover"
      src={failed === url ? DEFAULT_COVER : url}
      alt={track?.album?.name ?? ''}
      width={64}
      height={64}
      onError={() => setFailed(url)}
    />
  );
}
