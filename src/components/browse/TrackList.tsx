import type { Track } from '../../api/types';
import { playFrom } from './play';
import type { TrackMenuContext } from './track-menu-items';
import { TrackRow } from './TrackRow';

interface TrackListProps {
  tracks: readonly Track[];
  /** An album or playlist plays as its context, so next and previous follow it. */
  contextUri?: string;
  numbered?: boolean;
  showCover?: boolean;
  showAlbum?: boolean;
  /** Dates added (playlists), by index. */
  addedAt?: readonly (string | null)[];
  label: string;
  /** The album or playlist page the list is on, for the rows' menus. */
  menuContext?: TrackMenuContext;
}

/** A list of track rows; a click plays the list from that track (SPEC §2, DESIGN §6). */
export function TrackList({ tracks, contextUri, numbered = true, showCover = true, showAlbum = false, addedAt, label, menuContext }: TrackListProps) {
  return (
    <div className="track-list" role="list" aria-label={label}>
      {tracks.map((track, index) => (
        <div role="listitem" key={`${track.id}-${index}`}>
          <TrackRow
            track={track}
            number={numbered ? index + 1 : undefined}
            showCover={showCover}
            showAlbum={showAlbum}
            addedAt={addedAt ? (addedAt[index] ?? null) : undefined}
            onPlay={() => playFrom(tracks, index, contextUri)}
            menuContext={menuContext}
          />
        </div>
      ))}
    </div>
  );
}
