import { useRef, type PointerEvent, type RefObject } from 'react';

/** How far down (CSS pixels) a finger must draw the bottom sheet by its handle to close it. */
export const SWIPE_DOWN_DISTANCE = 48;

/**
 * Whether a gesture on the bottom sheet's handle, from where it went down to where it was let go
 * (dx, dy in CSS pixels; y grows downwards), is the downward swipe that closes the sheet: far
 * enough down, and more down than sideways (a tap or a sideways drag is not).
 */
export function swipeClosesSheet(dx: number, dy: number): boolean {
  return dy >= SWIPE_DOWN_DISTANCE && dy > Math.abs(dx);
}

/**
 * The handle's pointer events: the panel follows the finger down as it draws the sheet (never up),
 * and closes on a release that `swipeClosesSheet`; a shorter one puts it back. The handle takes
 * the pointer (touch-action: none in shell.css), so the page and the sheet's list do not scroll
 * instead, and the release comes here wherever the finger ends.
 */
export function useSheetSwipe(panel: RefObject<HTMLElement | null>, close: () => void) {
  const start = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const follow = (dy: number) => {
    if (panel.current) panel.current.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };
  const end = () => {
    start.current = null;
    follow(0);
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      // One finger, or a mouse's main button: a second finger or a right button draws nothing.
      if (!event.isPrimary || event.button !== 0) return;
      start.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (from?.pointerId === event.pointerId) follow(event.clientY - from.y);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      end();
      if (from?.pointerId === event.pointerId && swipeClosesSheet(event.clientX - from.x, event.clientY - from.y)) close();
    },
    onPointerCancel: end,
  };
}
