import { describe, expect, it } from 'vitest';
import { clickedOnTooltip } from '../../src/components/shell/tooltips';

describe("a click on a control's tooltip (WCAG 1.4.13: the pointer may rest on it)", () => {
  const box = { left: 10, right: 50, top: 10, bottom: 50 };

  it('is a pointer click or right click outside the control\'s own box: on its tooltip below it', () => {
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 1, clientX: 30, clientY: 60 }, box)).toBe(true);
    expect(clickedOnTooltip({ type: 'contextmenu', button: 2, detail: 0, clientX: 30, clientY: 60 }, box)).toBe(true);
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 1, clientX: 30, clientY: 30 }, box)).toBe(false);
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 2, clientX: 50, clientY: 50 }, box)).toBe(false);
  });

  it('keeps a press on the control\'s fractional edge the control\'s', () => {
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 1, clientX: 51, clientY: 30 }, box)).toBe(false);
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 1, clientX: 52, clientY: 30 }, box)).toBe(true);
  });

  it('is never a key\'s click or menu key (Shift+F10 in Chromium: button -1), which has no place of its own', () => {
    expect(clickedOnTooltip({ type: 'click', button: 0, detail: 0, clientX: 0, clientY: 0 }, box)).toBe(false);
    expect(clickedOnTooltip({ type: 'contextmenu', button: -1, detail: 0, clientX: 0, clientY: 0 }, box)).toBe(false);
  });
});
