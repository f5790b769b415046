import type { ComponentProps } from 'react';
import type { Track } from '../../api/types';
import { DRAGS_TRACKS, useMediaQuery } from '../use-media-query';
import { trackDragProps } from './track-drag-props';

/**
 * A track row's own element: draggable on wide screens with a mouse (onto a playlist, or with
 * `row` within the playlist on screen), a plain element elsewhere.
 *
 * The screen is known only once the island has hydrated (the server's HTML has no drags), so
 * this element renders again then; the row's content, which the row made, is kept as it is. The
 * row asking the screen itself would render every row of a list a second time.
 */
export function TrackDragSource({ track, row, ...element }: ComponentProps<'div'> & { track: Track; row: number | null }) {
  const drags = useMediaQuery(DRAGS_TRACKS);
  return <div {...element} {...trackDragProps(track, drags, row)} />;
}
