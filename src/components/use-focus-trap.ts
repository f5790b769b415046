import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { focusBeforeModal } from './focus-before-modal';

/** What the keyboard reaches: a dialog's controls, a list item's link or buttons. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const always = () => true;

/**
 * Whether a control has a box the keyboard can reach: the selector above also matches controls
 * CSS hides (the command palette's Close is display:none on wide screens), and a hidden one
 * taken as the first or last control lets Tab leave the modal. checkVisibility where the browser
 * has it, else client rects (none for an element that is not rendered). A test's DOM (happy-dom)
 * answers checkVisibility from the styles it has, and gives every element a rect.
 */
function rendered(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  return element.getClientRects().length > 0;
}

/**
 * Keeps keyboard focus inside an open modal (`container`, an element with aria-modal="true"):
 * Tab and Shift+Tab cycle through its controls, focus starts inside it, and when it closes
 * focus goes back to what had it before in the layer underneath (WCAG 2.4.3): the page's control,
 * or the control of a modal still open under it. If that is still on the page, unless
 * `returnFocus` says no when it closes (a choice that opens another page: the new page has it).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, open: boolean, returnFocus: () => boolean = always): void {
  const returnTo = useRef<HTMLElement | null>(null);
  // In the commit itself, not after paint: a Tab pressed in between (a busy machine, a quick
  // keyboard) would otherwise move focus out of the modal before the trap listens, and the
  // control it reached would become the one focus goes back to.
  useLayoutEffect(() => {
    if (!open) return;
    // What had focus in the layer underneath (the page, or a modal this one opened over).
    returnTo.current = focusBeforeModal(container.current);
    const focusables = () => [...(container.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(rendered);
    if (!container.current?.contains(document.activeElement)) focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const list = focusables();
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const inside = container.current?.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [container, open]);
  useEffect(() => {
    if (!open) return;
    const previous = returnTo.current;
    return () => {
      // After the commit's other effects: a native dialog closing in one of them must not keep it inert.
      queueMicrotask(() => {
        if (!returnFocus()) return;
        if (previous?.isConnected) previous.focus();
        // What had it is gone or hidden now (the phone's More options button, which a window
        // turned wide hides as it closes the sheet): the page's content, not the document, where
        // the next Tab would start over at the top (WCAG 2.4.3).
        if (!document.activeElement || document.activeElement === document.body) contentOrNull()?.focus();
      });
    };
  }, [open]);
}

/** Where focus goes when what had it is gone: the page's content (App.astro gives it tabindex -1). */
function contentOrNull(): HTMLElement | null {
  return document.getElementById('content');
}

/**
 * A panel that is not modal (the queue, the devices): when it closes with the keyboard's focus
 * inside it (its Close button, Escape), focus goes back to what had it as the panel opened (its
 * button), or to the page's content if that is gone, instead of dropping to the document, where
 * the next Tab starts over (WCAG 2.4.3). A panel closed from outside (its button pressed again)
 * leaves focus where it is.
 */
export function useFocusReturn(container: RefObject<HTMLElement | null>, open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    const panel = container.current;
    return () => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || (panel?.contains(focused) ?? false);
      if (!lost) return;
      const target = opener.current?.isConnected ? opener.current : contentOrNull();
      target?.focus();
    };
  }, [container, open]);
}

/** Before a control that removes itself (the player's Close): focus goes to the page's content, not to the document. */
export function focusContent(): void {
  contentOrNull()?.focus();
}
