import { useRef, useState, useSyncExternalStore, type MouseEvent, type PointerEvent } from 'react';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../../lib/long-press';
import { hrefOf } from '../../lib/routes';
import { $copiesNotPlaying } from '../../stores/play';
import { isCopyKnownPlaying } from '../../stores/player-rules';
import type { Track } from '../../api/types';
import { formatDate, formatDuration } from '../../lib/format';
import { Icon } from '../Icon';
import { ArtistLinks } from './ArtistLinks';
import { Cover } from './Cover';
import { Equalizer } from './Equalizer';
import { LikeButton } from './LikeButton';
import { prepareTrackMenu, TrackMenu } from './TrackMenu';
import { useNowPlaying } from './use-now-playing';
import type { TrackMenuContext } from './track-menu-items';
import { TrackDragSource } from './TrackDragSource';

interface TrackRowProps {
  track: Track;
  /** The number shown in the first column (1-based); no column when absent. */
  number?: number;
  /** Starts this track (the list decides its context). */
  onPlay: () => void;
  showCover?: boolean;
  /** Wide screens: the album name column. */
  showAlbum?: boolean;
  /** Wide screens: the date-added column (playlists). */
  addedAt?: string | null;
  /** Where the row is shown, for its "More" menu. */
  menuContext?: TrackMenuContext;
  /** The row's index when the user may move it within the playlist on screen (wide screens drag it there, and onto a playlist). */
  dragRow?: number | null;
  /** Whether its list holds its track more than once (a playlist's copies). */
  copy?: boolean;
}

/** How long after a long-pressing finger lifts the click it brings may still come. */
const RELEASE_CLICK_MS = 600;

/**
 * Drops the click a finger that long-pressed sends as it lifts (Chromium sends one; a device
 * that answered with contextmenu may too), and the mousedown before it. The menu opened under
 * the finger while it rested, so that click would land on the menu: its backdrop would close it
 * at once, an item under the finger would act; the mousedown would take the focus from the
 * menu's first item. Forgotten at the next press, or soon after the finger lifts without one.
 */
function dropReleaseClick(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const drop = (event: Event) => {
    // A click the keyboard made (Enter on the menu's item, detail 0) is the user's own.
    if ((event as globalThis.MouseEvent).detail === 0) return;
    swallow(event);
    stop();
  };
  const lifted = () => {
    clearTimeout(timer);
    timer = setTimeout(stop, RELEASE_CLICK_MS);
  };
  const listeners: [string, EventListener][] = [
    ['mousedown', swallow],
    ['click', drop],
    ['pointerdown', () => stop()],
    ['pointerup', lifted],
    ['pointercancel', lifted],
  ];
  const stop = () => {
    clearTimeout(timer);
    for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
  };
  for (const [type, listener] of listeners) window.addEventListener(type, listener, true);
}

/**
 * A long press on touch screens opens the menu: the row's own timer, or the platform's
 * contextmenu (`longPressed`), whichever comes first; the click that ends it presses nothing.
 */
function useLongPress(onLongPress: () => void) {
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const cancel = () => {
    clearTimeout(press.current?.timer);
    press.current = null;
  };
  const longPressed = () => {
    cancel();
    dropReleaseClick();
    onLongPress();
  };
  return {
    /** Whether a finger rests on the row now (a contextmenu then is its long press). */
    pressing: () => press.current !== null,
    longPressed,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        cancel();
        if (event.pointerType !== 'touch') return;
        press.current = { x: event.clientX, y: event.clientY, timer: setTimeout(longPressed, LONG_PRESS_MS) };
      },
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
        const from = press.current;
        if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
    },
  };
}

const watchCopies = (changed: () => void) => $copiesNotPlaying.listen(changed);

/**
 * The row's track as the player marks it: current, and playing. A list that holds the track
 * twice (`copy`) marks only the copy known to play (stores/play.ts $copiesNotPlaying), none when
 * that is not known: after a reload both were marked, the server's HTML too.
 */
function useRowNowPlaying(track: Track, copy: boolean): { isCurrent: boolean; isPlaying: boolean } {
  const mark = useNowPlaying(track.id);
  const notThisOne = useSyncExternalStore(
    watchCopies,
    () => (copy ? !isCopyKnownPlaying($copiesNotPlaying.get(), track) : $copiesNotPlaying.get().has(track)),
    () => copy,
  );
  return notThisOne ? { isCurrent: false, isPlaying: false } : mark;
}

/** One row of a track list: click to play; the playing track is marked; artists and album are links. */
export function TrackRow({ track, number, onPlay, showCover = true, showAlbum = false, addedAt, menuContext = {}, dragRow = null, copy = false }: TrackRowProps) {
  const { isCurrent, isPlaying } = useRowNowPlaying(track, copy);
  const [menuOpen, setMenuOpen] = useState(false);
  const longPress = useLongPress(() => setMenuOpen(true));
  // A click on the row plays, except on its own links, buttons and menu (artist, album, heart, More).
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button, .track-menu')) return;
    onPlay();
  };
  // A right click (and a touch platform's long press) opens the row's menu instead of the browser's.
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, .track-menu')) return;
    event.preventDefault();
    if (longPress.pressing()) longPress.longPressed();
    else setMenuOpen(true);
  };
  return (
    <TrackDragSource
      track={track}
      row={dragRow}
      className={`track-row${isCurrent ? ' track-row--current' : ''}${showAlbum ? ' track-row--album' : ''}${addedAt !== undefined ? ' track-row--added' : ''}`}
      onClick={onRowClick}
      onContextMenu={onContextMenu}
      onPointerEnter={prepareTrackMenu}
      {...longPress.handlers}
      data-track-id={track.id}
      aria-current={isCurrent ? 'true' : undefined}
    >
      {number !== undefined ? (
        <span className="track-row__number" aria-hidden="true">
          {isPlaying ? <Equalizer /> : number}
        </span>
      ) : null}
      {showCover ? <Cover images={track.album?.images ?? []} alt="" size={48} className="track-row__cover" /> : null}
      <span className="track-row__main">
        {/* Its name says what the row's look says (the accent, the equalizer): a screen reader's
            user tabbing the list hears which row is the one playing. */}
        {/* Only a script plays: with scripting off the button and its mark go, its name stays (global.css). */}
        <button
          type="button"
          className="track-row__name"
          data-needs-script="content-stays"
          onClick={onPlay}
          aria-label={`Play ${track.name}${isPlaying ? ', now playing' : isCurrent ? ', paused' : ''}`}
        >
          <span className="track-row__play" aria-hidden="true" data-needs-script>
            <Icon name="play" filled size={14} />
          </span>
          <span className="track-row__title">{track.name}</span>
        </button>
        <span className="track-row__artists">
          <ArtistLinks artists={track.artists} />
        </span>
      </span>
      {showAlbum ? (
        <span className="track-row__album">
          {track.album ? <a href={hrefOf('album', { albumId: track.album.id })}>{track.album.name}</a> : null}
        </span>
      ) : null}
      {addedAt !== undefined ? <span className="track-row__added">{formatDate(addedAt)}</span> : null}
      <LikeButton trackId={track.id} name={track.name} />
      <span className="track-row__duration">
        <Icon name="clock" size={16} />
        <span>{formatDuration(track.durationMs)}</span>
      </span>
      <TrackMenu track={track} context={menuContext} open={menuOpen} onOpenChange={setMenuOpen} />
    </TrackDragSource>
  );
}
