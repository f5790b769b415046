import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusTrap } from '../../../src/components/use-focus-trap';
import { followFocusBeforeModal } from '../../../src/components/focus-before-modal';

// As the shell's script does on every page.
followFocusBeforeModal();

afterEach(cleanup);

function Modal({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  return (
    <div ref={panel} role="dialog" aria-modal="true" aria-label="Sheet">
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </div>
  );
}

/**
 * A Tab pressed the moment the modal shows, as a browser handles it: unless a listener prevents
 * it, focus moves on to the next control, outside the modal. Here it comes in the commit that
 * shows the modal (a layout effect after the modal's), before the effects React runs after paint,
 * as a quick key can on a busy machine.
 */
function TabAsTheModalShows({ next }: { next: () => HTMLElement | null }) {
  useLayoutEffect(() => {
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    const notPrevented = (document.activeElement ?? document.body).dispatchEvent(tab);
    if (notPrevented) next()?.focus();
  }, [next]);
  return null;
}

function Page() {
  const [open, setOpen] = useState(false);
  const next = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Play
      </button>
      {open ? <Modal onClose={() => setOpen(false)} /> : null}
      {open ? <TabAsTheModalShows next={() => next.current} /> : null}
      <button type="button" ref={next}>
        Move the card
      </button>
    </>
  );
}

describe('the focus trap', () => {
  it('listens from the commit that shows the modal: a Tab at once stays inside, and focus goes back to what had it before', async () => {
    render(<Page />);
    const play = screen.getByRole('button', { name: 'Play' });
    play.focus();
    act(() => play.click());
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await act(async () => {});
    expect(document.activeElement).toBe(play);
  });
});
