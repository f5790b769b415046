import { useStore } from '../server-snapshot';
import { useLayoutEffect, useRef, type DragEvent, type FocusEvent, type RefObject } from 'react';
import type { Track } from '../../api/types';
import { dropBefore } from '../../lib/playlist-order';
import { $dropBefore, $trackDrag, dragOverRows, dropOnRows } from '../../stores/track-drag';
import { idsHeldTwice } from '../../stores/player-rules';
import { playFrom } from './play';
import type { TrackMenuContext } from './track-menu-items';
import { TrackRow } from './TrackRow';
import { usePageStartId } from './list-page-start';

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
  /** The user may reorder the list (their playlist): a row dropped elsewhere in it moves to before row `before`. */
  onMove?: (from: number, before: number) => void;
}

/** Keys that follow a track when it moves (its id, and which of its occurrences), so a moved row keeps its focus. */
function keysOf(tracks: readonly Track[]): string[] {
  const seen = new Map<string, number>();
  return tracks.map((track) => {
    const n = seen.get(track.id) ?? 0;
    seen.set(track.id, n + 1);
    return `${track.id}-${n}`;
  });
}

/** The row index of the list item an event happened in, with that item. */
function itemOf(event: DragEvent<HTMLElement>): { index: number; box: DOMRect } | null {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
  return item ? { index: Number(item.dataset.rowIndex), box: item.getBoundingClientRect() } : null;
}

/**
 * Keeps the keyboard's place when the row that has focus leaves the list (Remove from this
 * playlist, from its own menu): focus goes to the row now in its place, or the last one, on the
 * same control, rather than to the document, where the next Tab starts over (WCAG 2.4.3).
 */
function useFocusStaysInList(list: RefObject<HTMLDivElement | null>, count: number) {
  const focused = useRef<{ element: HTMLElement; index: number; control: number } | null>(null);
  const controlsOf = (item: Element | null | undefined) => [...(item?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])];
  useLayoutEffect(() => {
    const was = focused.current;
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (!was || was.element.isConnected || !dropped || count === 0) return;
    const item = list.current?.querySelector(`[data-row-index="${Math.min(was.index, count - 1)}"]`);
    // The same control of the row now in its place (its More options), else its first one.
    const controls = controlsOf(item);
    (controls[was.control] ?? controls[0])?.focus();
  });
  return {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const item = event.target.closest('[data-row-index]');
      if (!(item instanceof HTMLElement)) return;
      focused.current = { element: event.target, index: Number(item.dataset.rowIndex), control: controlsOf(item).indexOf(event.target) };
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Focus that moved on elsewhere is not the list's to keep (a removed row's goes nowhere).
      const next = event.relatedTarget as Node | null;
      if (next && !event.currentTarget.contains(next)) focused.current = null;
    },
  };
}

/**
 * A list of track rows; a click plays the list from that track (SPEC §2, DESIGN §6). On wide
 * screens a row can be dragged onto one of the user's playlists and, with `onMove`, to another
 * place in the list: the dragged row is marked and a line shows where it would go.
 */
export function TrackList({ tracks, contextUri, numbered = true, showCover = true, showAlbum = false, addedAt, label, menuContext, onMove }: TrackListProps) {
  const drag = useStore($trackDrag);
  const before = useStore($dropBefore);
  const keys = keysOf(tracks);
  const heldTwice = idsHeldTwice(tracks);
  const list = useRef<HTMLDivElement>(null);
  const keptFocus = useFocusStaysInList(list, tracks.length);
  const pageStartId = usePageStartId();
  const moving = onMove && drag?.row != null ? drag.row : null;
  // Only a row dragged in this list is dropped here (dragOverRows), and only wide screens drag rows.
  const dropHandlers = onMove
    ? {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          const item = itemOf(event);
          if (item && dragOverRows(dropBefore(item.index, event.clientY, item.box.top, item.box.height))) {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          }
        },
        onDragLeave: (event: DragEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dragOverRows(null);
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          event.preventDefault();
          const move = dropOnRows();
          if (move) onMove(move.from, move.before);
        },
      }
    : {};
  const markOf = (index: number) => {
    const marks = ['track-list__item'];
    if (moving === index) marks.push('track-list__item--dragged');
    if (moving !== null && before === index) marks.push('track-list__item--drop-before');
    if (moving !== null && before === tracks.length && index === tracks.length - 1) marks.push('track-list__item--drop-after');
    return marks.join(' ');
  };
  return (
    <div ref={list} className="track-list" role="list" aria-label={label} {...dropHandlers} {...keptFocus}>
      {tracks.map((track, index) => (
        <div role="listitem" key={keys[index]} className={markOf(index)} data-row-index={index} id={pageStartId(index)}>
          <TrackRow
            track={track}
            number={numbered ? index + 1 : undefined}
            showCover={showCover}
            showAlbum={showAlbum}
            addedAt={addedAt ? (addedAt[index] ?? null) : undefined}
            onPlay={() => playFrom(tracks, index, contextUri)}
            menuContext={menuContext ? { ...menuContext, index } : undefined}
            dragRow={onMove ? index : null}
            copy={heldTwice.has(track.id)}
          />
        </div>
      ))}
    </div>
  );
}
