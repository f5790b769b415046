import { useSeededFlag } from '../../components/server-snapshot';
import { libraryFormButton } from '../../lib/library-form';
import { $libraryPending, $likedTracks } from '../../stores/library';
import { likeCurrentTrack } from '../../stores/player';
import { Icon } from '../../components/Icon';

/**
 * The player's like heart (the card, the phone's bar, the Now Playing view): likes or
 * unlikes the playing track, then the playback is read again (SPEC §4). It reads the one
 * library store, so a like anywhere shows here; server-rendered (the Now Playing view), it
 * reads the flag the server saw until it answers. With JavaScript off (the Now Playing view shows
 * it; the card and the bar are hidden then) it submits the page's library form
 * (src/lib/library-form.ts); with it, its click likes here and cancels that submit.
 */
export function LikeButton({ trackId }: { trackId: string | null }) {
  const key = trackId ?? '';
  const liked = useSeededFlag($likedTracks, key) === true;
  const busy = useSeededFlag($libraryPending.track, key) === true;
  const label = liked ? 'Remove from Liked' : 'Save to Liked';
  return (
    <button
      {...(trackId === null ? { type: 'button' as const } : libraryFormButton('track', trackId, liked))}
      className={`icon-button player-card__like${liked ? ' is-on' : ''}`}
      aria-label={label}
      data-tooltip={label}
      {...(liked ? { 'data-tooltip-error': '' } : {})}
      aria-busy={busy}
      // Not disabled while the like is on its way: a disabled button drops the keyboard's focus.
      // A press meanwhile is ignored by the library store; the icon shows the wait (global.css).
      disabled={trackId === null}
      onClick={(event) => {
        event.preventDefault();
        void likeCurrentTrack();
      }}
    >
      <Icon name="heart" filled={liked} />
    </button>
  );
}
