import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { clampOffset, keyStep, type Offset } from './card-position';

/**
 * Moving the card: drag its handle with a pointer, or focus the handle and use
 * the arrow keys. It always stays inside the viewport, also when the window
 * shrinks. The position is this view's own state, not the store's.
 */
export function useCardDrag(card: RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const offsetRef = useRef(offset);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);

  const moveTo = useCallback(
    (wanted: Offset) => {
      const element = card.current;
      if (!element) return;
      const next = clampOffset(wanted, offsetRef.current, element.getBoundingClientRect(), {
        width: document.documentElement.clientWidth,
        height: window.innerHeight,
      });
      offsetRef.current = next;
      setOffset(next);
    },
    [card],
  );

  useEffect(() => {
    const onResize = () => moveTo(offsetRef.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [moveTo]);

  const handle = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: offsetRef.current };
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
      moveTo({ x: offsetRef.current.x + step.x, y: offsetRef.current.y + step.y });
    },
  };
  return { offset, handle };
}
