import { useSeededFlag } from '../../components/server-snapshot';
import { $libraryPending, $likedTracks } from '../../stores/library';
import { likeCurrentTrack } from '../../stores/player';
import { Icon } from '../../components/Icon';

/**
 * The player's like heart (the card, the phone's bar, the Now Playing view): likes or
 * unlikes the playing track, then the playback is read again (SPEC §4). It reads the one
 * library store, so a like anywhere shows here; server-rendered (the Now Playing view), it
 * reads the flag the server saw until it answers.
 */
export function LikeButton({ trackId }: { trackId: string | null }) {
  const key = trackId ?? '';
  const liked = useSeededFlag($likedTracks, key) === true;
  const busy = useSeededFlag($libraryPending.track, key) === true;
  const label = liked ? 'Remove from Liked' : 'Save to Liked';
  return (
    <button
      type="button"
      className={`icon-button player-card__like${liked ? ' is-on' : ''}`}
      aria-label={label}
      data-tooltip={label}
      {...(liked ? { 'data-tooltip-error': '' } : {})}
      aria-busy={busy}
      // Not disabled while the like is on its way: a disabled button drops the keyboard's focus.
      // A press meanwhile is ignored by the library store; the icon shows the wait (global.css).
      disabled={trackId === null}
      onClick={() => void likeCurrentTrack()}
    >
      <Icon name="heart" filled={liked} />
    </button>
  );
}
