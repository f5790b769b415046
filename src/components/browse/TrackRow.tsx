import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import type { Track } from '../../api/types';
import { formatDate, formatDuration } from '../../lib/format';
import { $isPlaying, $playingTrackId } from '../../stores/now-playing';
import { Icon } from '../Icon';
import { ArtistLinks } from './ArtistLinks';
import { Cover } from './Cover';
import { LikeButton } from './LikeButton';

interface TrackRowProps {
  track: Track;
  /** The number shown in the first column (1-based); no column when absent. */
  number?: number;
  /** Starts this track (the list decides its context). */
  onPlay: () => void;
  showCover?: boolean;
  /** Wide screens: the album name column. */
  showAlbum?: boolean;
  /** Wide screens: the date-added column (playlists). */
  addedAt?: string | null;
}

/** One row of a track list: click to play; the playing track is marked; artists and album are links. */
export function TrackRow({ track, number, onPlay, showCover = true, showAlbum = false, addedAt }: TrackRowProps) {
  const isCurrent = useStore($playingTrackId) === track.id;
  const isPlaying = useStore($isPlaying) && isCurrent;
  // A click on the row plays, except on its own links and buttons (artist, album, heart).
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    onPlay();
  };
  return (
    <div
      className={`track-row${isCurrent ? ' track-row--current' : ''}${showAlbum ? ' track-row--album' : ''}${addedAt !== undefined ? ' track-row--added' : ''}`}
      onClick={onRowClick}
      data-track-id={track.id}
      aria-current={isCurrent ? 'true' : undefined}
    >
      {number !== undefined ? (
        <span className="track-row__number" aria-hidden="true">
          {isPlaying ? <span className="equalizer" /> : number}
        </span>
      ) : null}
      {showCover ? <Cover images={track.album?.images ?? []} alt="" size={48} className="track-row__cover" /> : null}
      <span className="track-row__main">
        <button type="button" className="track-row__name" onClick={onPlay} aria-label={`Play ${track.name}`}>
          <span className="track-row__play" aria-hidden="true">
            <Icon name="play" filled size={14} />
          </span>
          <span className="track-row__title">{track.name}</span>
        </button>
        <span className="track-row__artists">
          <ArtistLinks artists={track.artists} />
        </span>
      </span>
      {showAlbum ? (
        <span className="track-row__album">
          {track.album ? <a href={`/album/${encodeURIComponent(track.album.id)}`}>{track.album.name}</a> : null}
        </span>
      ) : null}
      {addedAt !== undefined ? <span className="track-row__added">{formatDate(addedAt)}</span> : null}
      <LikeButton trackId={track.id} name={track.name} />
      <span className="track-row__duration">
        <Icon name="clock" size={16} />
        <span>{formatDuration(track.durationMs)}</span>
      </span>
    </div>
  );
}
