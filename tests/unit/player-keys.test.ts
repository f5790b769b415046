// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cardArea, clampOffset, createCardPosition, keyStep } from '../../src/islands/player/card-position';
import { shortcutFor } from '../../src/playback/shortcuts';

const key = (init: Partial<KeyboardEvent> & { target?: EventTarget | null }) => ({
  key: '',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...init,
});

describe('keyboard shortcuts', () => {
  it('map Space, Shift+arrows, L and ? to the player', () => {
    expect(shortcutFor(key({ key: ' ' }))).toBe('toggle');
    expect(shortcutFor(key({ key: 'ArrowRight', shiftKey: true }))).toBe('next');
    expect(shortcutFor(key({ key: 'ArrowLeft', shiftKey: true }))).toBe('previous');
    expect(shortcutFor(key({ key: 'ArrowUp', shiftKey: true }))).toBe('volumeUp');
    expect(shortcutFor(key({ key: 'ArrowDown', shiftKey: true }))).toBe('volumeDown');
    expect(shortcutFor(key({ key: 'l' }))).toBe('like');
    expect(shortcutFor(key({ key: 'q' }))).toBe('queue');
    expect(shortcutFor(key({ key: 'Q', shiftKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: '?', shiftKey: true }))).toBe('help');
    expect(shortcutFor(key({ key: 'ArrowRight' }))).toBeNull();
    expect(shortcutFor(key({ key: 'l', ctrlKey: true }))).toBeNull();
  });

  it('do nothing while the user types, and Space on a button presses the button', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const range = Object.assign(document.createElement('input'), { type: 'range' });
    const button = document.createElement('button');
    expect(shortcutFor(key({ key: ' ', target: input }))).toBeNull();
    expect(shortcutFor(key({ key: 'l', target: textarea }))).toBeNull();
    expect(shortcutFor(key({ key: '?', target: input }))).toBeNull();
    expect(shortcutFor(key({ key: ' ', target: button }))).toBeNull();
    expect(shortcutFor(key({ key: 'l', target: range }))).toBe('like');
  });

  it("leave a slider its arrows, with Shift too (the browser steps a range on them): seeking never skips the track", () => {
    const seek = Object.assign(document.createElement('input'), { type: 'range' });
    const custom = document.createElement('div');
    custom.setAttribute('role', 'slider');
    for (const target of [seek, custom]) {
      for (const arrow of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
        expect(shortcutFor(key({ key: arrow, shiftKey: true, target })), `Shift+${arrow}`).toBeNull();
        expect(shortcutFor(key({ key: arrow, target })), arrow).toBeNull();
      }
    }
    // Its other keys stay the player's: Space on a native range (which does nothing with it), L, Q, ?.
    expect(shortcutFor(key({ key: ' ', target: seek }))).toBe('toggle');
    expect(shortcutFor(key({ key: 'q', target: seek }))).toBe('queue');
    expect(shortcutFor(key({ key: '?', shiftKey: true, target: seek }))).toBe('help');
    // Off the slider, Shift+arrows are the player's still.
    expect(shortcutFor(key({ key: 'ArrowLeft', shiftKey: true, target: document.createElement('button') }))).toBe('previous');
  });
});

describe('the card position', () => {
  const viewport = { width: 1280, height: 800 };
  const box = { left: 914, top: 568, width: 350, height: 216 }; // bottom right, 16 px in

  it('follows the wanted offset inside the viewport', () => {
    expect(clampOffset({ x: -300, y: -200 }, { x: 0, y: 0 }, box, viewport)).toEqual({ x: -300, y: -200 });
  });

  it('stops 8 px from every edge, whatever the current offset', () => {
    expect(clampOffset({ x: 500, y: 500 }, { x: 0, y: 0 }, box, viewport)).toEqual({ x: 8, y: 8 });
    const moved = { left: 614, top: 368, width: 350, height: 216 };
    expect(clampOffset({ x: -5000, y: -5000 }, { x: -300, y: -200 }, moved, viewport)).toEqual({ x: -906, y: -560 });
  });

  it('on a narrow screen stays above the bottom navigation (its top, the raised centre button included)', () => {
    const phone = { width: 390, height: 844 };
    const card = { left: 32, top: 500, width: 350, height: 216 };
    expect(cardArea(phone, null)).toEqual(phone);
    expect(cardArea(phone, 756)).toEqual({ width: 390, height: 756 });
    expect(cardArea(phone, 900)).toEqual(phone); // a nav below the fold takes nothing
    // Dragged down as far as it goes: its bottom edge 8 px above the nav's top, not the viewport's bottom.
    expect(clampOffset({ x: 0, y: 500 }, { x: 0, y: 0 }, card, cardArea(phone, 756))).toEqual({ x: 0, y: 32 });
    expect(clampOffset({ x: 0, y: 500 }, { x: 0, y: 0 }, card, cardArea(phone, null))).toEqual({ x: 0, y: 120 });
  });

  it('a resize while the card is hidden is applied when it shows, clamped to the new viewport', () => {
    let area = { width: 1280, height: 800 };
    let hidden = false;
    // The card is drawn at its CSS corner (16 px from the bottom right) moved by the offset.
    const position = createCardPosition(() => {
      if (hidden) return null;
      const { x, y } = position.offset();
      return { box: { left: area.width - 366 + x, top: area.height - 232 + y, width: 350, height: 216 }, area };
    });
    expect(position.moveTo({ x: -900, y: -500 })).toEqual({ x: -900, y: -500 });
    hidden = true;
    area = { width: 390, height: 844 };
    expect(position.moveTo(position.offset())).toEqual({ x: -900, y: -500 }); // nothing to measure yet
    hidden = false;
    // Shown: its left edge 8 px in from the narrow viewport's, not 900 px off it.
    expect(position.shown()).toEqual({ x: -16, y: -500 });
    expect(position.shown()).toBe(position.offset()); // unchanged: the same offset, no new render
  });

  it('moves 16 px per arrow key, 64 px with Shift, and ignores other keys', () => {
    expect(keyStep('ArrowLeft', false)).toEqual({ x: -16, y: 0 });
    expect(keyStep('ArrowDown', true)).toEqual({ x: 0, y: 64 });
    expect(keyStep('Enter', false)).toBeNull();
  });
});
