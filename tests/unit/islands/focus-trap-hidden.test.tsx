import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusTrap } from '../../../src/components/use-focus-trap';
import { CommandPalette } from '../../../src/islands/shell/CommandPalette';
import { $ownPlaylists } from '../../../src/stores/my-playlists';

// The trap's first and last controls are the ones the keyboard can reach: a control CSS hides
// (display:none) takes no focus, and taken as the last one it let Tab leave the modal.

afterEach(cleanup);

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

function Modal() {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  return (
    <div ref={panel} role="dialog" aria-modal="true" aria-label="Sheet">
      <button type="button">First</button>
      <button type="button">Last shown</button>
      <button type="button" style={{ display: 'none' }}>
        Hidden
      </button>
    </div>
  );
}

describe('the focus trap and controls that are not rendered', () => {
  it('comes round from the last control shown, not from a hidden one after it', () => {
    render(<Modal />);
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last shown' });
    expect(document.activeElement).toBe(first);
    last.focus();
    // Taken by the trap (prevented): the browser would otherwise move on past the hidden one, out of the modal.
    expect(tab()).toBe(false);
    expect(document.activeElement).toBe(first);
    expect(tab(true)).toBe(false);
    expect(document.activeElement).toBe(last);
  });

  it("keeps Tab in the command palette on a wide screen, where its Close button is hidden (palette.css)", async () => {
    // The palette's own sheet, at happy-dom's 1024 px wide window: its Close shows on phones only.
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = readFileSync(join(import.meta.dirname, '../../../src/styles/palette.css'), 'utf8');
    // Known already: the palette asks for the user's playlists only when it has none.
    $ownPlaylists.set([]);
    try {
      render(<CommandPalette />);
      await act(async () => undefined);
      const field = screen.getByRole('combobox');
      const close = document.querySelector<HTMLElement>('.command-palette__close')!;
      expect(close.getAttribute('aria-label')).toBe('Close');
      expect(getComputedStyle(close).display).toBe('none');
      expect(document.activeElement).toBe(field);
      // The field is the palette's one control shown: Tab and Shift+Tab keep it.
      expect(tab()).toBe(false);
      expect(document.activeElement).toBe(field);
      expect(tab(true)).toBe(false);
      expect(document.activeElement).toBe(field);
    } finally {
      style.remove();
      $ownPlaylists.set(null);
    }
  });
});
