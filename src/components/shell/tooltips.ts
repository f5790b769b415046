/**
 * WCAG 1.4.13 (content on hover or focus) for the tooltips global.css draws without a script
 * (`data-tooltip`): they are dismissable and hoverable. Escape hides the one shown, without
 * moving the focus, until the pointer enters another element or the focus moves. A tooltip shown
 * by a hover takes the pointer (global.css), so the pointer can rest on it: a press there, being
 * on its control's own pseudo-element, would press the control, which it is not meant to (a row's
 * heart's tooltip lies over the next row's top), so that click is dropped.
 */
export const TOOLTIPS_HIDDEN = 'data-tooltips-hidden';

/** Whether a pointer's click landed outside `control`'s own box: on its tooltip. A key's click (no place) never did. */
export function clickedOnTooltip(event: Pick<MouseEvent, 'detail' | 'clientX' | 'clientY'>, box: Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>): boolean {
  if (event.detail === 0) return false;
  const { clientX: x, clientY: y } = event;
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

/** Called once by the shell's script. */
export function keepTooltipsDismissable(doc: Document = document): void {
  const root = doc.documentElement;
  doc.addEventListener('keydown', (event) => event.key === 'Escape' && root.setAttribute(TOOLTIPS_HIDDEN, ''), true);
  const showAgain = () => root.removeAttribute(TOOLTIPS_HIDDEN);
  doc.addEventListener('focusin', showAgain, true);
  doc.addEventListener('pointerover', showAgain, true);
  doc.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('[data-tooltip]') : null;
      if (!control || !clickedOnTooltip(event, control.getBoundingClientRect())) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}
