import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followFocusBeforeModal } from '../../../src/components/focus-before-modal';
import { BottomSheet } from '../../../src/islands/shell/BottomSheet';
import { MoreOptionsButton } from '../../../src/islands/shell/MoreOptionsButton';
import { $ui, closeBottomSheet } from '../../../src/stores/ui';
import { FIRST_LOAD } from '../helpers/first-load';

// SPEC §2 gives the More options sheet to narrow screens only: a window made wide with it open (a
// tablet turned, a desktop's window widened) left the phone's full-width sheet over the wide layout.

/** happy-dom's window, which a test may resize (its media queries follow, with their change events). */
const resizable = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const PHONE = { width: 390, height: 844 };

beforeEach(() => {
  followFocusBeforeModal(document);
  resizable.happyDOM.setViewport(PHONE);
});

afterEach(() => {
  cleanup();
  closeBottomSheet();
  resizable.happyDOM.setViewport({ width: 1024, height: 768 });
});

/** Opens the sheet as a user does, from its More options button, which has the focus. */
async function openSheet(): Promise<{ more: HTMLElement; sheet: HTMLElement }> {
  const more = screen.getByRole('button', { name: 'More options' });
  more.focus();
  fireEvent.click(more);
  return { more, sheet: await screen.findByRole('dialog', { name: 'More options' }, FIRST_LOAD) };
}

describe("the phone's bottom sheet in a window made wide", () => {
  it('closes once the narrow layout ends, the focus going to the page content, as the More options button it came from is hidden', async () => {
    render(
      <>
        {/* The narrow top bar, which a wide window hides (display: none in the browser, inert here:
            happy-dom would focus an element its CSS hides). */}
        <div data-testid="narrow-top-bar">
          <MoreOptionsButton />
        </div>
        <main id="content" tabIndex={-1} />
        <BottomSheet />
      </>,
    );
    const { sheet } = await openSheet();
    expect(sheet.contains(document.activeElement)).toBe(true);

    // Taller or turned, still narrow: it stays.
    act(() => resizable.happyDOM.setViewport({ width: 844, height: 390 }));
    expect(screen.getByRole('dialog', { name: 'More options' })).toBe(sheet);

    await act(async () => {
      screen.getByTestId('narrow-top-bar').inert = true;
      resizable.happyDOM.setViewport({ width: 1024, height: 768 });
    });
    expect($ui.get().openMoreOptionBottomSheet).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('content'));
  });

  it('gives the focus back to its More options button as before when it closes on a narrow screen', async () => {
    render(
      <>
        <MoreOptionsButton />
        <main id="content" tabIndex={-1} />
        <BottomSheet />
      </>,
    );
    const { more } = await openSheet();
    await act(async () => closeBottomSheet());
    expect(document.activeElement).toBe(more);
  });
});
