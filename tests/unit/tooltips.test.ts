import { describe, expect, it } from 'vitest';
import { clickedOnTooltip } from '../../src/components/shell/tooltips';

describe("a click on a control's tooltip (WCAG 1.4.13: the pointer may rest on it)", () => {
  const box = { left: 10, right: 50, top: 10, bottom: 50 };

  it('is a pointer click outside the control\'s own box: on its tooltip below it', () => {
    expect(clickedOnTooltip({ detail: 1, clientX: 30, clientY: 60 }, box)).toBe(true);
    expect(clickedOnTooltip({ detail: 1, clientX: 30, clientY: 30 }, box)).toBe(false);
    expect(clickedOnTooltip({ detail: 2, clientX: 50, clientY: 50 }, box)).toBe(false);
  });

  it('is never a key\'s click, which has no place', () => {
    expect(clickedOnTooltip({ detail: 0, clientX: 0, clientY: 0 }, box)).toBe(false);
  });
});
