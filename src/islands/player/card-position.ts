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

/** Where the card may be: from the viewport's top left to its width and this height. */
export interface Area {
  width: number;
  height: number;
}

/**
 * The area the card may use: the viewport, less the bottom navigation on narrow
 * screens (`navTop`: its top edge, the centre button included; null when it is not shown).
 */
export function cardArea(viewport: Area, navTop: number | null): Area {
  return { width: viewport.width, height: navTop === null ? viewport.height : Math.min(viewport.height, navTop) };
}

/**
 * The offset nearest to `wanted` that keeps the card inside the area.
 * `box` is where the card is drawn now, with `current` applied.
 */
export function clampOffset(wanted: Offset, current: Offset, box: Box, area: Area): Offset {
  const baseLeft = box.left - current.x;
  const baseTop = box.top - current.y;
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));
  return {
    x: clamp(wanted.x, MARGIN - baseLeft, area.width - MARGIN - box.width - baseLeft),
    y: clamp(wanted.y, MARGIN - baseTop, area.height - MARGIN - box.height - baseTop),
  };
}

/** The card measured now: its box and its area; null while it is hidden. */
export type Measure = () => { box: Box; area: Area } | null;

/**
 * The card's offset, kept inside its area. While the card is hidden nothing can
 * be measured, so a move (a resize) waits: `shown` applies it, clamped to the
 * area as it is then.
 */
export function createCardPosition(measure: Measure) {
  let offset: Offset = { x: 0, y: 0 };
  let waiting: Offset | null = null;
  const moveTo = (wanted: Offset): Offset => {
    const measured = measure();
    if (!measured) {
      waiting = wanted;
      return offset;
    }
    waiting = null;
    const next = clampOffset(wanted, offset, measured.box, measured.area);
    if (next.x !== offset.x || next.y !== offset.y) offset = next;
    return offset;
  };
  return {
    offset: () => offset,
    /** Moves as near to `wanted` as the area allows; resolves to the offset now (unchanged while hidden). */
    moveTo,
    /** The card is drawn again: what was asked meanwhile, or where it was, clamped to today's area. */
    shown: () => moveTo(waiting ?? offset),
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
