import type { Track } from '../../api/types';
import { ArtistLinks } from './ArtistLinks';
import { Cover } from './Cover';

/** A track as a tile (home's Recent Played): the picture and name play it, the artists are links. */
export function TrackCard({ track, onPlay }: { track: Track; onPlay: () => void }) {
  return (
    <div className="card track-card" data-track-id={track.id}>
      <button type="button" className="track-card__play" onClick={onPlay} aria-label={`Play ${track.name}`}>
        <Cover images={track.album?.images ?? []} alt="" size={180} className="card__cover" />
        <span className="card__title" title={track.name}>
          {track.name}
        </span>
      </button>
      <span className="card__subtitle">
        <ArtistLinks artists={track.artists} />
      </span>
    </div>
  );
}
