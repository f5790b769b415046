import { libraryFormButton } from '../../lib/library-form';
import { $libraryPending, $likedTracks, toggleLikeTrack } from '../../stores/library';
import { Icon } from '../Icon';
import { useSeededFlag } from '../server-snapshot';

/**
 * The like heart of a track: Save to Liked, or Remove from Liked in the error colour (SPEC §2).
 * With JavaScript off it submits the page's library form (src/lib/library-form.ts); with it, its
 * click likes here and cancels that submit (a click held before hydration was cancelled already,
 * hydrate-on-intent.ts, and comes back here).
 */
export function LikeButton({ trackId, name }: { trackId: string; name: string }) {
  const liked = useSeededFlag($likedTracks, trackId) === true;
  const pending = useSeededFlag($libraryPending.track, trackId) === true;
  const label = liked ? 'Remove from Liked' : 'Save to Liked';
  return (
    <button
      {...libraryFormButton('track', trackId, liked)}
      className={`icon-button icon-button--plain like-button${liked ? ' like-button--liked' : ''}`}
      data-tooltip={label}
      {...(liked ? { 'data-tooltip-error': '' } : {})}
      aria-label={`${label}: ${name}`}
      aria-busy={pending}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggleLikeTrack(trackId);
      }}
    >
      <Icon name="heart" filled={liked} />
    </button>
  );
}
