/**
 * Where focus goes back when a modal closes (use-focus-trap.ts): the element focused last outside
 * it, which is the one focused in the layer underneath as the modal opened: the page's, or another
 * modal's when one opens over another (the command palette over the shortcuts sheet, over Edit
 * details). Only the page's would send focus behind the modal still open, where typing goes nowhere.
 * Followed from the shell's script as the page loads, not from the first dialog's island: a
 * dialog's island may hydrate only as it opens (Ctrl+K on a page nobody has touched yet), after
 * focus has moved into it.
 */

/** The elements focused lately, the last one at the end, each once. */
let lately: HTMLElement[] = [];
/** Enough for a few layers over the page, with a few controls each that left since. */
const KEPT = 16;
let following = false;

/** Starts following focus; called once by the shell's script. */
export function followFocusBeforeModal(doc: Document = document): void {
  if (following) return;
  following = true;
  doc.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    lately = [...lately.filter((element) => element !== target && element.isConnected), target].slice(-KEPT);
  });
  // A new page (the client router's swap) starts with what still has focus (a persisted island's
  // field), or nothing: the last focus of the page before must not get it back. The top bar's
  // search box, persisted, would (its focus opens /search).
  doc.addEventListener('astro:after-swap', () => {
    const focused = doc.activeElement;
    lately = focused instanceof HTMLElement && focused !== doc.body ? [focused] : [];
  });
}

/**
 * Whether focus can go back to an element: on the page and shown (a closed layer's controls, a
 * native dialog's among them, may stay in the document, hidden). A test's DOM (happy-dom)
 * answers checkVisibility from the styles it has.
 */
function canTakeFocus(element: HTMLElement): boolean {
  if (!element.isConnected) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * The element focused last outside `modal` (the one opening) that can still take focus, or null:
 * a control of the layer underneath (a modal's, or the page's).
 */
export function focusBeforeModal(modal: Element | null = null): HTMLElement | null {
  for (let index = lately.length - 1; index >= 0; index--) {
    const element = lately[index]!;
    if (modal?.contains(element)) continue;
    if (canTakeFocus(element)) return element;
  }
  return null;
}
