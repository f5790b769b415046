import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { focusBeforeModal } from './focus-before-modal';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const always = () => true;

/**
 * Keeps keyboard focus inside an open modal (`container`, an element with aria-modal="true"):
 * Tab and Shift+Tab cycle through its controls, focus starts inside it, and when it closes
 * focus goes back to what had it before (WCAG 2.4.3), if that is still on the page, unless
 * `returnFocus` says no when it closes (a choice that opens another page: the new page has it).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, open: boolean, returnFocus: () => boolean = always): void {
  const returnTo = useRef<HTMLElement | null>(null);
  // In the commit itself, not after paint: a Tab pressed in between (a busy machine, a quick
  // keyboard) would otherwise move focus out of the modal before the trap listens, and the
  // control it reached would become the one focus goes back to.
  useLayoutEffect(() => {
    if (!open) return;
    returnTo.current = focusBeforeModal();
    const focusables = () => [...(container.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
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
        if (previous?.isConnected && returnFocus()) previous.focus();
      });
    };
  }, [open]);
}
