import type { Track } from '../../api/types';
import { Icon } from '../../components/Icon';
import { pickPlaylistFor } from '../../stores/playlist-actions';

/** The player card's "Add to playlist": opens the picker for the playing track (a script's dialog: not shown with scripting off, global.css). */
export function AddToPlaylistButton({ track }: { track: Track | null }) {
  return (
    <button
      type="button"
      className="icon-button player-card__add"
      aria-label="Add to playlist"
      data-tooltip="Add to playlist"
      data-needs-script
      disabled={track === null}
      onClick={() => track && pickPlaylistFor(track)}
    >
      <Icon name="plus" />
    </button>
  );
}
