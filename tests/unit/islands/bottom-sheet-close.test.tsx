import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomSheetView } from '../../../src/islands/shell/BottomSheetView';
import { $ui, closeBottomSheet, openBottomSheet } from '../../../src/stores/ui';

// The phone's More options sheet closes on a tap on its backdrop (hidden from screen readers)
// or on Escape (no key on a touch screen): a screen reader's user needs a control of its own.

afterEach(() => {
  cleanup();
  closeBottomSheet();
});

describe("the phone's bottom sheet", () => {
  it('ends with a Close a screen reader reaches (hidden from sight only), which closes it', () => {
    openBottomSheet();
    render(<BottomSheetView />);
    const sheet = screen.getByRole('dialog', { name: 'More options' });
    const close = within(sheet).getByRole('button', { name: 'Close' });
    expect(close.closest('[aria-hidden="true"]')).toBeNull();
    expect(close.classList.contains('visually-hidden')).toBe(true);
    // Last: where swiping through the sheet, and Tab, end.
    const controls = [...sheet.querySelectorAll('button, a[href]')];
    expect(controls.at(-1)).toBe(close);
    fireEvent.click(close);
    expect($ui.get().openMoreOptionBottomSheet).toBe(false);
  });

  it('keeps Tab inside: from its Close, Tab comes round to its first item', () => {
    openBottomSheet();
    render(<BottomSheetView />);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect to a device' }));
  });
});
