import { atom } from 'nanostores';
import type { Track } from '../api/types';
import { isStill } from '../lib/playlist-order';

// Kept apart from the playlist stores: every track row reads it, on every page, and the
// shell's playlist targets load the heavier playlist actions only when something is dropped.

/** A track being dragged (wide screens): onto one of the user's playlists, or to another row of the playlist on screen. */
export interface TrackDrag {
  track: Track;
  /** The row's index in the playlist on screen when the user may move it there; null elsewhere. */
  row: number | null;
}

/** The track being dragged, or null. */
export const $trackDrag = atom<TrackDrag | null>(null);
/** Where a row would go if dropped now: before this row of the playlist on screen (its length: after the last); null when nowhere. */
export const $dropBefore = atom<number | null>(null);
/** The id of the user's playlist the drag is over (its hover state), or null. */
export const $dropPlaylist = atom<string | null>(null);

/** A drag of a track starts (from a track row, or the player card's track). */
export function startTrackDrag(track: Track, row: number | null = null): void {
  $trackDrag.set({ track, row });
  $dropBefore.set(null);
  $dropPlaylist.set(null);
}

/** The drag ended, dropped or not. */
export function endTrackDrag(): void {
  $trackDrag.set(null);
  $dropBefore.set(null);
  $dropPlaylist.set(null);
}

/**
 * The drag is over the rows of the playlist on screen, to go before row `before` (null: it left
 * them): the drop indicator shows there unless the row would not move. True when the drag is a
 * row of that playlist, which may be dropped here.
 */
export function dragOverRows(before: number | null): boolean {
  const row = $trackDrag.get()?.row ?? null;
  const next = row === null || before === null || isStill(row, before) ? null : before;
  if ($dropBefore.get() !== next) $dropBefore.set(next);
  return row !== null;
}

/** A drop on the playlist's rows: the move it asks for (row `from` to before row `before`), or null; the drag ends. */
export function dropOnRows(): { from: number; before: number } | null {
  const from = $trackDrag.get()?.row ?? null;
  const before = $dropBefore.get();
  endTrackDrag();
  return from === null || before === null ? null : { from, before };
}

/** The drag is over one of the user's playlists (or left it: null). */
export function dragOverPlaylist(id: string | null): void {
  if ($dropPlaylist.get() !== id) $dropPlaylist.set(id);
}
