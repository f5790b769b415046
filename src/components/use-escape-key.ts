import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { OPEN_MODAL } from '../lib/modal';

/**
 * While `open`, the Escape key anywhere on the page calls `onEscape` (panels and sheets
 * that close with it), unless something above it took that Escape for itself (a modal dialog,
 * a track menu: they call preventDefault), so one Escape closes one layer.
 */
export function useEscapeKey(open: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onEscape]);
}

/** The modal layers of useModalEscape open now, the one opened last at the end. */
const openModals: object[] = [];

/** The layers that hear their own Escape on their own element (a modal: this one, Dialog; a track menu). */
const OWN_ESCAPE = `${OPEN_MODAL}, [role="menu"]`;

/**
 * An Escape pressed with the keyboard's focus outside every layer: on the body (after a click on
 * a part of a layer that takes no focus), or on the page behind (where a modal closing over
 * another gives focus back: focus-before-modal.ts).
 */
function outsideEveryLayer(target: EventTarget | null): boolean {
  return !(target instanceof Element) || target.closest(OWN_ESCAPE) === null;
}

/**
 * A modal layer (a sheet, a prompt: it covers the page and the panels on it) that closes with
 * Escape and takes that Escape for itself (preventDefault), as Dialog does: the panels under it
 * (the queue, the devices), which hear Escape on the document (useEscapeKey), stay open. The
 * layer must hear the key before them, though their listeners were added first (they opened
 * first), so not on the document after them:
 * - focus inside the layer (its focus trap keeps it there): the returned handler, the onKeyDown
 *   of the layer's outer element. React hears the key at its island's root, below the document,
 *   so before every listener there; a modal opened later has the focus, so the key is its own.
 * - focus outside every layer (the body, the page behind): on the document in the capture phase,
 *   before the panels, and only the modal opened last. An Escape inside a layer is that layer's
 *   (this one's, a Dialog's too, by the first way; a track menu's by its own).
 * With `wherever` (the command palette), the modal opened last takes every Escape on the document
 * in the capture phase, wherever focus is: in it, on the page behind, or in a layer under it
 * (where a native dialog closing, or an island hydrating late, may put focus). Nothing under it
 * hears that Escape (not the search box, which would empty, nor a track menu); a modal opened
 * after it is the last, and has its Escape first. Its returned handler is then not needed.
 * While `open` is false it hears nothing, and the Escape goes on to the panels.
 */
export function useModalEscape(open: boolean, onEscape: () => void, { wherever = false } = {}): (event: ReactKeyboardEvent) => void {
  const latest = useRef(onEscape);
  useLayoutEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    if (!open) return;
    const layer = {};
    openModals.push(layer);
    const onKey = (event: KeyboardEvent) => {
      // An Escape that cancels what an input method is composing is the method's.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || openModals.at(-1) !== layer) return;
      if (!wherever && !outsideEveryLayer(event.target)) return;
      event.preventDefault();
      if (wherever) event.stopPropagation();
      latest.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      openModals.splice(openModals.indexOf(layer), 1);
    };
  }, [open, wherever]);
  return (event) => {
    if (!open || event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEscape();
  };
}
