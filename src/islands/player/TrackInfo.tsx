import { Fragment } from 'react';
import { hrefOf } from '../../lib/routes';
import type { Track } from '../../api/types';

/** Track name and its artists, each a link to /artist/{id}, separated by bullets (SPEC §2). */
export function TrackInfo({ track, status }: { track: Track | null; status: string | null }) {
  return (
    <div className="player-card__info">
      <p className="player-card__title" title={track?.name}>
        {track?.name ?? 'Nothing playing'}
      </p>
      <p className="player-card__artists">
        {track?.artists.map((artist, index) => (
          <Fragment key={`${artist.id}-${index}`}>
            {index > 0 && <span aria-hidden="true"> • </span>}
            {/* Isolated, as ArtistLinks' names are (a right-to-left name keeps its place). */}
            {artist.id ? (
              <a dir="auto" href={hrefOf('artist', { artistId: artist.id })}>
                {artist.name}
              </a>
            ) : (
              <bdi>{artist.name}</bdi>
            )}
          </Fragment>
        ))}
      </p>
      {status && (
        <p className="player-card__status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
