import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomSheetView } from '../../../src/islands/shell/BottomSheetView';
import { swipeClosesSheet, SWIPE_DOWN_DISTANCE } from '../../../src/islands/shell/sheet-swipe';
import { $ui, closeBottomSheet, openBottomSheet } from '../../../src/stores/ui';

// The phone's bottom sheet shows a drag handle: a finger drawing it down closes the sheet.

afterEach(() => {
  cleanup();
  closeBottomSheet();
});

function handleOf(): HTMLElement {
  return screen.getByRole('dialog', { name: 'More options' }).querySelector<HTMLElement>('.bottom-sheet__handle')!;
}

describe("the bottom sheet's handle", () => {
  it('is a downward swipe far enough, more down than sideways; not a tap, a short pull, a sideways or an upward drag', () => {
    expect(swipeClosesSheet(0, SWIPE_DOWN_DISTANCE)).toBe(true);
    expect(swipeClosesSheet(30, 120)).toBe(true);
    expect(swipeClosesSheet(0, 0)).toBe(false);
    expect(swipeClosesSheet(0, SWIPE_DOWN_DISTANCE - 1)).toBe(false);
    expect(swipeClosesSheet(90, 60)).toBe(false);
    expect(swipeClosesSheet(0, -120)).toBe(false);
  });

  it('closes the sheet when drawn down, the panel following the finger on the way', () => {
    openBottomSheet();
    render(<BottomSheetView />);
    const handle = handleOf();
    const panel = screen.getByRole('dialog', { name: 'More options' });
    fireEvent.pointerDown(handle, { isPrimary: true, button: 0, pointerId: 1, clientX: 200, clientY: 500 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 202, clientY: 540 });
    expect(panel.style.transform).toBe('translateY(40px)');
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 204, clientY: 580 });
    expect($ui.get().openMoreOptionBottomSheet).toBe(false);
  });

  it('draws nothing for a second finger or a mouse button other than the main one', () => {
    openBottomSheet();
    render(<BottomSheetView />);
    const handle = handleOf();
    for (const press of [{ isPrimary: false, button: 0 }, { isPrimary: true, button: 2 }]) {
      fireEvent.pointerDown(handle, { ...press, pointerId: 3, clientX: 200, clientY: 500 });
      fireEvent.pointerMove(handle, { pointerId: 3, clientX: 200, clientY: 600 });
      fireEvent.pointerUp(handle, { pointerId: 3, clientX: 200, clientY: 600 });
    }
    expect($ui.get().openMoreOptionBottomSheet).toBe(true);
  });

  it('stays open, back in place, after a short pull or an upward drag', () => {
    openBottomSheet();
    render(<BottomSheetView />);
    const handle = handleOf();
    const panel = screen.getByRole('dialog', { name: 'More options' });
    fireEvent.pointerDown(handle, { isPrimary: true, button: 0, pointerId: 1, clientX: 200, clientY: 500 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 200, clientY: 520 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 200, clientY: 520 });
    expect(panel.style.transform).toBe('');
    fireEvent.pointerDown(handle, { isPrimary: true, button: 0, pointerId: 2, clientX: 200, clientY: 500 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientX: 200, clientY: 400 });
    expect(panel.style.transform).toBe('');
    fireEvent.pointerUp(handle, { pointerId: 2, clientX: 200, clientY: 400 });
    expect($ui.get().openMoreOptionBottomSheet).toBe(true);
  });
});
