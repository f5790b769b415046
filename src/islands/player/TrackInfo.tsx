import { ArtistLinks } from '../../components/browse/ArtistLinks';
import type { Track } from '../../api/types';

/** The bullet between the card's artists: seen, not read out (the names are the links). */
const QUIET_BULLET = <span aria-hidden="true"> • </span>;

/** Track name and its artists, each a link to /artist/{id}, separated by bullets (SPEC §2). */
export function TrackInfo({ track, status }: { track: Track | null; status: string | null }) {
  return (
    <div className="player-card__info">
      <p className="player-card__title" title={track?.name}>
        {track?.name ?? 'Nothing playing'}
      </p>
      <p className="player-card__artists">{track ? <ArtistLinks artists={track.artists} separator={QUIET_BULLET} /> : null}</p>
      {/* Always there, empty when all is well: a live region put in with its text is often not
          read, and "Press play to start the sound" is the one thing a screen reader's user must hear. */}
      <p className="player-card__status" role="status">
        {status}
      </p>
    </div>
  );
}
