import { isSounding, type PlayerState } from '../../stores/player-rules';

/**
 * A polite live region, always on the page (a region added together with its text is often not
 * read), that tells screen readers which track now plays whenever it changes. Only a track that
 * plays: the card may show one that does not (the last played, paused at its start, or a
 * paused one), and "Now playing" over silence misleads.
 */
export function NowPlayingAnnouncer({ player }: { player: Pick<PlayerState, 'currentPlayingTrack' | 'playback' | 'autoplayBlocked'> }) {
  const track = isSounding(player) ? player.currentPlayingTrack : null;
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-now-playing>
      {track ? `Now playing: ${track.name} by ${track.artists.map((artist) => artist.name).join(', ')}` : ''}
    </p>
  );
}
