import { useStore } from '@nanostores/react';
import { $libraryPending, $likedTracks } from '../../stores/library';
import { likeCurrentTrack } from '../../stores/player';
import { Icon } from '../../components/Icon';

/**
 * The card's like heart: likes or unlikes the playing track, then the playback is
 * read again (SPEC §4). It reads the one library store, so a like anywhere shows here.
 */
export function LikeButton({ trackId }: { trackId: string | null }) {
  const key = trackId ?? '';
  const liked = useStore($likedTracks, { keys: [key] })[key] === true;
  const busy = useStore($libraryPending.track, { keys: [key] })[key] === true;
  const label = liked ? 'Remove from Liked' : 'Save to Liked';
  return (
    <button
      type="button"
      className={`icon-button player-card__like${liked ? ' is-on' : ''}`}
      aria-label={label}
      data-tooltip={label}
      {...(liked ? { 'data-tooltip-error': '' } : {})}
      aria-pressed={liked}
      aria-busy={busy}
      disabled={trackId === null || busy}
      onClick={() => void likeCurrentTrack()}
    >
      <Icon name="heart" filled={liked} />
    </button>
  );
}
