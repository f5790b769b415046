import { describe, expect, it } from 'vitest';
import { listEndReached, type ListEndSighting } from '../../src/lib/list-end';

/** A box as an observer's entry gives it (the rule reads its edges and size). */
const box = (top: number, height: number, width = 390) => ({ top, bottom: top + height, height, width, left: 0, right: width, x: 0, y: top }) as DOMRectReadOnly;
/** The phone's screen, 844 px high. */
const SCREEN = box(0, 844);

/** An observer's sighting of the list's last row, 60 px high, whose top is at `top`. */
const rowAt = (top: number, isIntersecting: boolean): ListEndSighting => ({ isIntersecting, boundingClientRect: box(top, 60), rootBounds: SCREEN });

describe("a list's end (lib/list-end.ts)", () => {
  it('calls for the next page when the last item shows (SPEC §4), not while it is still below the screen', () => {
    expect(listEndReached(rowAt(800, true))).toBe(true);
    expect(listEndReached(rowAt(900, false))).toBe(false);
  });

  it('calls for it when the last item is already above the screen: a flick went past it before anyone watched', () => {
    expect(listEndReached(rowAt(-700, false))).toBe(true);
    // The implicit root without bounds (a frame of another origin): the screen's top is 0.
    expect(listEndReached({ ...rowAt(-700, false), rootBounds: null })).toBe(true);
  });

  it('does not for a hidden item (no box), which would load page after page unseen', () => {
    expect(listEndReached({ isIntersecting: false, boundingClientRect: box(0, 0, 0), rootBounds: SCREEN })).toBe(false);
  });
});
