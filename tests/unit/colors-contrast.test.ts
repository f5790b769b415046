import { readFileSync } from 'node:fs';
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

describe("a detail header's colour fading under the first rows (content/detail-header.css)", () => {
  const css = readFileSync(new URL('../../src/styles/content/detail-header.css', import.meta.url), 'utf8');
  const fadeOf = (selector: RegExp) => Number(new RegExp(`${selector.source}\\s*\\{[^}]*?--area-fade:\\s*(\\d+)%`).exec(css)![1]) / 100;
  const dark = fadeOf(/\n\.detail-header/);
  const light = fadeOf(/:root\[data-theme='light'\] \.detail-header/);
  /** `colour` at `share` over `surface`, as color-mix in srgb paints it. */
  const mixed = (colour: string, surface: string, share: number) => channels(colour).map((v, i) => Math.round(v * share + channels(surface)[i]! * (1 - share)));
  // The pages' own colours (theme.css): surface-0, text-1 and text-2 of each theme.
  const THEMES = [
    { theme: 'dark', fade: dark, surface: '#0a0b10', words: ['#f4f3ee', '#b3b6bd'] },
    { theme: 'light', fade: light, surface: '#ffffff', words: ['#14161b', '#4b5260'] },
  ];

  it.each(THEMES)('keeps the rows\' words at 4.5:1 on every palette colour ($theme page)', ({ fade, surface, words }) => {
    expect(fade).toBeGreaterThan(0);
    for (const colour of PALETTE) for (const word of words) expect(contrast(channels(word), mixed(colour, surface, fade))).toBeGreaterThanOrEqual(4.5);
  });

  it('would not with the dark page\'s share on the light page (the check can fail)', () => {
    expect(PALETTE.some((colour) => contrast(channels('#4b5260'), mixed(colour, '#ffffff', dark)) < 4.5)).toBe(true);
  });
});
