import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { Track } from '../../api/types';
import { Icon } from '../Icon';
import { useTrackMenuItems, type TrackMenuContext } from './track-menu-items';

// The open menu of a track row (./TrackMenu.tsx): its own chunk, since its actions bring the
// playlist actions and the queue's and playlist's stores with them, and most pages are read,
// not edited. The row's button fetches it when a pointer or focus comes near.

export interface PopupProps {
  track: Track;
  context: TrackMenuContext;
  anchor: React.RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
}

export function TrackMenuPopup({ track, context, anchor, onClose }: PopupProps) {
  const items = useTrackMenuItems(track, context);
  const menu = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  /**
   * Where the anchor was when the menu was placed, and the window's width then (the menu is
   * placed from its right edge): the menu closes once either changes.
   */
  const placedAt = useRef<{ top: number; left: number; windowWidth: number } | null>(null);

  // Under the button, right-aligned to it, flipped above when the viewport ends.
  useLayoutEffect(() => {
    const box = anchor.current?.getBoundingClientRect();
    const height = menu.current?.offsetHeight ?? 0;
    if (!box) return;
    placedAt.current = { top: box.top, left: box.left, windowWidth: window.innerWidth };
    const below = box.bottom + 4 + height <= window.innerHeight;
    setPlace({
      '--menu-top': `${below ? box.bottom + 4 : Math.max(8, box.top - 4 - height)}px`,
      '--menu-right': `${Math.max(8, window.innerWidth - box.right)}px`,
    } as CSSProperties);
    // Without preventScroll the page scrolls to the sheet while it still slides in from
    // below the viewport, and that scroll closes the menu it opened (rule below).
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [anchor]);

  // A press outside, or a scroll or resize that moves its anchor, closes it, and so does a
  // window made wider or narrower (a phone or tablet turned): the menu stood where the old width
  // put it, and a phone's sheet may now be a wide screen's dropdown. A scroll that moved nothing
  // stays open: the scroll event of the scroll that brought the row into view can arrive just
  // after a right click or long press opened the menu; so does a phone's window growing taller
  // as its address bar hides.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      // The sheet's backdrop closes it on its click (below), not here: gone at the press, it
      // would let that click through to what it covered.
      if (menu.current?.contains(target) || anchor.current?.contains(target) || backdrop.current?.contains(target)) return;
      onClose(false);
    };
    const onMove = (event: Event) => {
      // A scroll of the menu's own items moves nothing. A resize's target is the window, not a
      // Node, which contains() throws on.
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      const box = anchor.current?.getBoundingClientRect();
      const was = placedAt.current;
      if (!box || !was || window.innerWidth !== was.windowWidth || Math.abs(box.top - was.top) > 1 || Math.abs(box.left - was.left) > 1) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [anchor, onClose]);

  // The menu keyboard pattern: arrows move, Home/End jump, Escape and Tab leave.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      entries[(moves[event.key]! + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  // The backdrop sits in the row (the menu does): what is pressed on it is the backdrop's alone,
  // not the row's (a click would play it, a long press open its menu again).
  const ownPress = (event: SyntheticEvent) => event.stopPropagation();
  return (
    <>
      {/* Narrow screens' sheet dims the page behind it, as a dialog does (track-menu.css; none
          beside a wide screen's dropdown): a tap there only closes the sheet, and never presses
          what it covers (a row's play, the album's Save). */}
      <div
        ref={backdrop}
        className="track-menu__backdrop"
        aria-hidden="true"
        onPointerDown={ownPress}
        onContextMenu={ownPress}
        onClick={(event) => {
          ownPress(event);
          onClose(false);
        }}
      />
      <div ref={menu} className="track-menu" role="menu" aria-label={`Options for ${track.name}`} style={place} onKeyDown={onKeyDown}>
        <p className="track-menu__title" aria-hidden="true">
          {track.name}
        </p>
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item track-menu__item"
            onClick={() => {
              onClose(true);
              item.onSelect();
            }}
          >
            {item.icon ? <Icon name={item.icon} size={18} /> : <span className="track-menu__spacer" />}
            <span>{item.label}</span>
          </button>
        ))}
      </div>
    </>
  );
}
