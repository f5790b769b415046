import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, PALETTE } from '../../src/lib/colors';
import { channels, contrast } from './helpers/contrast';

// The palette held to AA for the white text detail headers and category tiles write on it.
/** White at `alpha` over `background`, as the browser paints rgb(255 255 255 / alpha). */
const whiteOver = (background: number[], alpha: number) => background.map((v) => Math.round(255 * alpha + v * (1 - alpha)));

describe('the palette behind white text', () => {
  it.each(PALETTE)('%s gives white and 80%% white text at least 4.5:1', (colour) => {
    const background = channels(colour);
    expect(contrast([255, 255, 255], background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(whiteOver(background, 0.8), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('tells a failing colour apart (the check can fail)', () => {
    expect(contrast(whiteOver(channels('#f59b23'), 0.8), channels('#f59b23'))).toBeLessThan(4.5);
  });
});

describe("SPEC §9's avatar colours behind a person's initial", () => {
  it('are about 90, all different', () => {
    expect(AVATAR_COLOURS.length).toBeGreaterThanOrEqual(85);
    expect(AVATAR_COLOURS.length).toBeLessThanOrEqual(95);
    expect(new Set(AVATAR_COLOURS).size).toBe(AVATAR_COLOURS.length);
  });

  it.each(AVATAR_COLOURS)('%s gives the white initial at least 4.5:1', (colour) => {
    expect(contrast([255, 255, 255], channels(colour))).toBeGreaterThanOrEqual(4.5);
  });
});
