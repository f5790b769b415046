import type { Track } from '../../api/types';
import { ArtistLinks } from './ArtistLinks';
import { Cover } from './Cover';
import { Equalizer } from './Equalizer';
import { useNowPlaying } from './use-now-playing';

/**
 * A track as a tile (home's Recent Played): the picture and name play it, the
 * artists are links. The playing track is marked as in every list: aria-current,
 * and the equaliser while it plays. `eager`: a tile the first screen shows (its picture loads with the page).
 */
export function TrackCard({ track, onPlay, eager = false }: { track: Track; onPlay: () => void; eager?: boolean }) {
  const { isCurrent, isPlaying } = useNowPlaying(track.id);
  return (
    <div className={`card track-card${isCurrent ? ' track-card--current' : ''}`} data-track-id={track.id} aria-current={isCurrent ? 'true' : undefined}>
      {/* Only a script plays: with scripting off the button goes, its picture and name stay (global.css). */}
      <button type="button" className="track-card__play" data-needs-script="content-stays" onClick={onPlay} aria-label={`Play ${track.name}`}>
        <Cover images={track.album?.images ?? []} alt="" size={180} eager={eager} className="card__cover" />
        <span className="card__title" title={track.name}>
          {isPlaying ? <Equalizer className="track-card__equalizer" /> : null}
          {track.name}
        </span>
      </button>
      <span className="card__subtitle">
        <ArtistLinks artists={track.artists} />
      </span>
    </div>
  );
}
