import { OPEN_MODAL } from '../lib/modal';

/**
 * The element focused last outside any modal: where focus goes back when a dialog closes
 * (use-focus-trap.ts). Followed from the shell's script as the page loads, not from the first
 * dialog's island: a dialog's island may hydrate only as it opens (Ctrl+K on a page nobody has
 * touched yet), after the focus it must give back has moved.
 */
let lastOutside: HTMLElement | null = null;
let following = false;

/** Starts following focus; called once by the shell's script. */
export function followFocusBeforeModal(doc: Document = document): void {
  if (following) return;
  following = true;
  doc.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest(OPEN_MODAL)) lastOutside = target;
  });
  // A new page (the client router's swap) starts with what still has focus (a persisted island's
  // field), or nothing: the last focus of the page before must not get it back. The top bar's
  // search box, persisted, would (its focus opens /search).
  doc.addEventListener('astro:after-swap', () => {
    const focused = doc.activeElement;
    lastOutside = focused instanceof HTMLElement && focused !== doc.body ? focused : null;
  });
}

/** Where focus was last outside any modal, or null. */
export function focusBeforeModal(): HTMLElement | null {
  return lastOutside;
}
