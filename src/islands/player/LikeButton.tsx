import { useStore } from '@nanostores/react';
import { $likingTracks } from '../../stores/library';
import { likeCurrentTrack } from '../../stores/player';
import { PlayerIcon } from './player-icons';

/** The card's like heart: likes or unlikes the playing track, then the playback is read again. */
export function LikeButton({ trackId, liked }: { trackId: string | null; liked: boolean }) {
  const liking = useStore($likingTracks);
  const busy = trackId !== null && liking[trackId] === true;
  return (
    <button
      type="button"
      className={`icon-button player-card__like${liked ? ' is-on' : ''}`}
      aria-label={liked ? 'Remove from Liked Songs' : 'Save to Liked Songs'}
      aria-pressed={liked}
      disabled={trackId === null || busy}
      onClick={() => void likeCurrentTrack()}
    >
      <PlayerIcon name="heart" filled={liked} />
    </button>
  );
}
