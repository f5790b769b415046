/** Where the card sits, as an offset from its corner (bottom right) in CSS pixels. */
export interface Offset {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Keeps this much of the viewport free around the card. */
const MARGIN = 8;

/**
 * The offset nearest to `wanted` that keeps the card inside the viewport.
 * `box` is where the card is drawn now, with `current` applied.
 */
export function clampOffset(wanted: Offset, current: Offset, box: Box, viewport: { width: number; height: number }): Offset {
  const baseLeft = box.left - current.x;
  const baseTop = box.top - current.y;
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));
  return {
    x: clamp(wanted.x, MARGIN - baseLeft, viewport.width - MARGIN - box.width - baseLeft),
    y: clamp(wanted.y, MARGIN - baseTop, viewport.height - MARGIN - box.height - baseTop),
  };
}

/** How far one arrow key press moves the card; Shift moves it further. */
export function keyStep(key: string, shift: boolean): Offset | null {
  const step = shift ? 64 : 16;
  const steps: Record<string, Offset> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  return steps[key] ?? null;
}
