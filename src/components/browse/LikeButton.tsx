import { $libraryPending, $likedTracks, toggleLikeTrack } from '../../stores/library';
import { Icon } from '../Icon';
import { useSeededStore } from '../server-snapshot';
import { useHydrated } from '../use-hydrated';

/** The like heart of a track: Save to Liked, or Remove from Liked in the error colour (SPEC §2). */
export function LikeButton({ trackId, name }: { trackId: string; name: string }) {
  const liked = useSeededStore($likedTracks, { keys: [trackId] })[trackId] === true;
  const pending = useSeededStore($libraryPending.track, { keys: [trackId] })[trackId] === true;
  // Server-rendered: a click before the island answers would be lost, so it says so.
  const hydrated = useHydrated();
  const label = liked ? 'Remove from Liked' : 'Save to Liked';
  return (
    <button
      type="button"
      className={`icon-button icon-button--plain like-button${liked ? ' like-button--liked' : ''}`}
      data-tooltip={label}
      {...(liked ? { 'data-tooltip-error': '' } : {})}
      aria-label={`${label}: ${name}`}
      aria-pressed={liked}
      aria-busy={pending}
      aria-disabled={!hydrated || undefined}
      onClick={(event) => {
        event.stopPropagation();
        void toggleLikeTrack(trackId);
      }}
    >
      <Icon name="heart" filled={liked} />
    </button>
  );
}
