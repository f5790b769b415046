/**
 * WCAG 1.4.13 (content on hover or focus) for the tooltips global.css draws without a script
 * (`data-tooltip`): they are dismissable and hoverable. Escape hides the one shown, without
 * moving the focus, until the pointer reaches another control or the focus moves. A tooltip shown
 * by a hover takes the pointer (global.css), so the pointer can rest on it: a press there, being
 * on its control's own pseudo-element, would press the control, which it is not meant to (a row's
 * heart's tooltip lies over the next row's top), so that press (a click, a right click) is
 * dropped, as an interactive tooltip drawn apart would take it.
 */
export const TOOLTIPS_HIDDEN = 'data-tooltips-hidden';

/** How far outside its control's box a press may land and still be the control's: a fractional edge. */
const EDGE_PX = 1;

/**
 * Whether a pointer's press landed outside `control`'s own box: on its tooltip. A key's click or
 * menu key (Enter, Shift+F10: no button pressed, its place the control's) never did.
 */
export function clickedOnTooltip(event: Pick<MouseEvent, 'type' | 'detail' | 'button' | 'clientX' | 'clientY'>, box: Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>): boolean {
  if (event.type === 'click' ? event.detail === 0 : event.button !== 2) return false;
  const { clientX: x, clientY: y } = event;
  return x < box.left - EDGE_PX || x > box.right + EDGE_PX || y < box.top - EDGE_PX || y > box.bottom + EDGE_PX;
}

/** Called once by the shell's script. */
export function keepTooltipsDismissable(doc: Document = document): void {
  const root = doc.documentElement;
  doc.addEventListener('keydown', (event) => event.key === 'Escape' && root.setAttribute(TOOLTIPS_HIDDEN, ''), true);
  doc.addEventListener('focusin', () => root.removeAttribute(TOOLTIPS_HIDDEN), true);
  // Shown again once the pointer reaches another control: not as it moves over the same one's icon.
  let under: Element | null = null;
  doc.addEventListener(
    'pointerover',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('[data-tooltip]') : null;
      if (control === under) return;
      under = control;
      root.removeAttribute(TOOLTIPS_HIDDEN);
    },
    true,
  );
  const dropOnTooltip = (event: MouseEvent) => {
    // The browser's own presses only: a press held while an island hydrated is given again by a
    // script (hydrate-on-intent.ts), at the place it had then, which the page may have moved from.
    if (!event.isTrusted) return;
    const control = event.target instanceof Element ? event.target.closest('[data-tooltip]') : null;
    if (!control || !clickedOnTooltip(event, control.getBoundingClientRect())) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  doc.addEventListener('click', dropOnTooltip, true);
  doc.addEventListener('contextmenu', dropOnTooltip, true);
}
