import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { cardArea, createCardPosition, keyStep, type Offset } from './card-position';

/** The top of the bottom navigation as drawn (its raised centre button included), or null where it is not shown. */
function bottomNavTop(): number | null {
  const nav = document.querySelector('nav.bottom-nav');
  if (!nav) return null;
  const tops = [nav, ...nav.children].map((element) => element.getBoundingClientRect()).filter((rect) => rect.height > 0).map((rect) => rect.top);
  return tops.length > 0 ? Math.min(...tops) : null;
}

/**
 * Moving the card: drag its handle with a pointer, or focus the handle and use
 * the arrow keys. It always stays inside the viewport and above the bottom
 * navigation, also when the window shrinks, even while the card is hidden (it is
 * clamped again when it shows: `attach` is its ref). The position is this view's
 * own state, not the store's.
 */
export function useCardDrag(card: RefObject<HTMLElement | null>) {
  const [position] = useState(() =>
    createCardPosition(() => {
      const element = card.current;
      if (!element) return null;
      const box = element.getBoundingClientRect();
      // Not drawn (hidden, as it is on the Now Playing view, where it also mounts): no box to
      // clamp. Measured as one at the top left corner, it came back 8px off its place.
      if (box.width === 0 && box.height === 0) return null;
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      return { box, area: cardArea(viewport, bottomNavTop()) };
    }),
  );
  const [offset, setOffset] = useState<Offset>(position.offset());
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);

  const moveTo = useCallback((wanted: Offset) => setOffset(position.moveTo(wanted)), [position]);

  /** The card element's ref: stores it, and clamps the card to the viewport as it is now when it appears. */
  const attach = useCallback(
    (element: HTMLElement | null) => {
      card.current = element;
      if (element) setOffset(position.shown());
    },
    [card, position],
  );

  useEffect(() => {
    const onResize = () => moveTo(position.offset());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [moveTo, position]);

  const handle = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: position.offset() };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const state = drag.current;
      if (!state || state.pointerId !== event.pointerId) return;
      moveTo({ x: state.from.x + event.clientX - state.startX, y: state.from.y + event.clientY - state.startY });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (drag.current?.pointerId === event.pointerId) drag.current = null;
    },
    onPointerCancel: () => {
      drag.current = null;
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = keyStep(event.key, event.shiftKey);
      if (!step) return;
      event.preventDefault();
      const from = position.offset();
      moveTo({ x: from.x + step.x, y: from.y + step.y });
    },
  };
  return { offset, handle, attach };
}
