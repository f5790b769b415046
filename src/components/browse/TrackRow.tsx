import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { hrefOf } from '../../lib/routes';
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
}

/** How long a finger rests on a row before its menu opens, as touch platforms do. */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

/** A long press on touch screens opens the menu, and the click that ends it plays nothing. */
function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    /** True once, for the click that ends a long press. */
    consumeClick: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        fired.current = false;
        if (event.pointerType !== 'touch') return;
        start.current = { x: event.clientX, y: event.clientY };
        timer.current = setTimeout(() => {
          fired.current = true;
          onLongPress();
        }, LONG_PRESS_MS);
      },
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
        const from = start.current;
        if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
    },
  };
}

/** One row of a track list: click to play; the playing track is marked; artists and album are links. */
export function TrackRow({ track, number, onPlay, showCover = true, showAlbum = false, addedAt, menuContext = {}, dragRow = null }: TrackRowProps) {
  const { isCurrent, isPlaying } = useNowPlaying(track.id);
  const [menuOpen, setMenuOpen] = useState(false);
  const longPress = useLongPress(() => setMenuOpen(true));
  // A click on the row plays, except on its own links, buttons and menu (artist, album, heart, More).
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if (longPress.consumeClick() || (event.target as HTMLElement).closest('a, button, .track-menu')) return;
    onPlay();
  };
  // A right click (and Android's long press) opens the row's menu instead of the browser's.
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, .track-menu')) return;
    event.preventDefault();
    setMenuOpen(true);
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
        <button type="button" className="track-row__name" onClick={onPlay} aria-label={`Play ${track.name}${isPlaying ? ', now playing' : isCurrent ? ', paused' : ''}`}>
          <span className="track-row__play" aria-hidden="true">
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
