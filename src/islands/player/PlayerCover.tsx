import type { Track } from '../../api/types';
import { trackDragProps } from '../../components/browse/track-drag-props';
import { DEFAULT_COVER, useFallbackImage } from '../../components/fallback-image';
import { DRAGS_TRACKS, useMediaQuery } from '../../components/use-media-query';

/**
 * The playing track's album cover; a default song image when it has none or fails to load (SPEC §8).
 * On wide screens it can be dragged onto one of the user's playlists, as a track row can.
 * `decorative` where the album's name would only get in the way of a link's name (the phone's bar).
 */
export function PlayerCover({ track, decorative = false }: { track: Track | null; decorative?: boolean }) {
  const url = track?.album?.images[0]?.url ?? DEFAULT_COVER;
  const cover = useFallbackImage(url);
  const drags = useMediaQuery(DRAGS_TRACKS);
  return (
    <img
      ref={cover.ref}
      {...(track ? trackDragProps(track, drags) : { draggable: false })}
      className="player-card__cover"
      src={cover.src}
      alt={decorative ? '' : (track?.album?.name ?? '')}
      width={64}
      height={64}
      onError={cover.fail}
    />
  );
}
