import type { DragEvent } from 'react';
import type { Track } from '../../api/types';
import { endTrackDrag, startTrackDrag } from '../../stores/track-drag';

/** What a dragged track carries for other applications: its uri, as the provider's own clients do. */
const TRACK_DATA = 'text/plain';

/**
 * The HTML5 drag of a track (a row, the player card's track): onto one of the user's playlists,
 * or, with `row`, to another place in the playlist on screen. Nothing on narrow screens (`on`
 * false), where a long press opens the row's menu instead.
 */
export function trackDragProps(track: Track, on: boolean, row: number | null = null) {
  if (!on) return {};
  return {
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = row === null ? 'copy' : 'copyMove';
      event.dataTransfer.setData(TRACK_DATA, track.uri);
      startTrackDrag(track, row);
    },
    onDragEnd: () => endTrackDrag(),
  };
}
