import type { Track } from '../../api/types';

/**
 * A polite live region, always on the page (a region added together with its text is often not
 * read), that tells screen readers which track now plays whenever it changes.
 */
export function NowPlayingAnnouncer({ track }: { track: Track | null }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-now-playing>
      {track ? `Now playing: ${track.name} by ${track.artists.map((artist) => artist.name).join(', ')}` : ''}
    </p>
  );
}
