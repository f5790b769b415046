// The Save or Follow button over a card's picture (content/card-actions.css): its icon sits on a
// see-through dark circle over any cover, in either theme. WCAG 1.4.11 asks 3:1 for the icon
// against what it sits on, and the circle over the brightest cover is the hardest case: the saved
// check in the light theme's accent measured 2.4-3.1:1 there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/lib/colors';
import { channels, contrast } from './helpers/contrast';

const styles = join(import.meta.dirname, '../../src/styles');
const sheet = (path: string) => readFileSync(join(styles, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const actions = sheet('content/card-actions.css');
const theme = sheet('theme.css');

/** The body of the first rule of `css` whose selector is exactly `selector` (at any depth). */
function ruleBody(css: string, selector: string): string | null {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[}{;])\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? null;
}

/** A declaration's value in a rule body. */
const valueIn = (body: string | null, name: string) => (body ? new RegExp(`(?:^|;|\\s)${name.replace(/[-]/g, '\\-')}\\s*:\\s*([^;]+)`).exec(body)?.[1]?.trim() : undefined);

/** A colour as a theme paints it: a #rrggbb, or a var() resolved through the theme's tokens, then :root's. */
function resolve(value: string, mode: 'light' | 'dark'): string {
  const named = /^var\((--[\w-]+)\)$/.exec(value);
  if (!named) return value;
  const block = mode === 'light' ? ruleBody(theme, ":root[data-theme='light']") : ruleBody(theme, ":root,\n:root[data-theme='dark']");
  const found = valueIn(block, named[1]!) ?? valueIn(ruleBody(theme, ':root'), named[1]!) ?? valueIn(ruleBody(actions, '.card-with-action__action .icon-button'), named[1]!);
  if (!found) throw new Error(`${mode}: ${value} not found`);
  return resolve(found, mode);
}

/** How much black the circle lays over the cover (its rgb(0 0 0 / N%)). */
function circleAlpha(value: string, mode: 'light' | 'dark'): number {
  const black = /^rgb\(0 0 0 \/ (\d+)%\)$/.exec(resolve(value, mode));
  if (!black) throw new Error(`the circle is not a see-through black: ${value}`);
  return Number(black[1]) / 100;
}

/** `cover` under black at `alpha`, as the browser paints it. */
const darkened = (cover: string, alpha: number) => channels(cover).map((v) => Math.round(v * (1 - alpha)));

// The covers the check can sit on: white (the brightest, the hardest), the greens a cover is
// often made of, the palette of the detail headers, black.
const COVERS = ['#ffffff', '#00ff00', '#1ed760', '#107a37', '#9759a8', '#000000', ...PALETTE];

const button = ruleBody(actions, '.card-with-action__action .icon-button')!;
const saved = ruleBody(actions, '.card-with-action__action .library-button--on')!;

describe("a card's Save or Follow button over its picture", () => {
  it.each(['light', 'dark'] as const)('shows its check (on) and its plus (off) at 3:1 at least on its circle over any cover (%s theme)', (mode) => {
    const alpha = circleAlpha(valueIn(button, 'background')!, mode);
    const on = resolve(valueIn(saved, 'color')!, mode);
    const off = resolve(valueIn(button, 'color')!, mode).replace(/^#fff$/i, '#ffffff');
    for (const cover of COVERS) {
      const circle = darkened(cover, alpha);
      expect(contrast(on, circle), `${mode} check ${on} on ${cover}`).toBeGreaterThanOrEqual(3);
      expect(contrast(off, circle), `${mode} plus ${off} on ${cover}`).toBeGreaterThanOrEqual(3);
    }
    // On and off stay told apart by colour too, not by the icon's shape alone.
    expect(on.toLowerCase()).not.toBe(off.toLowerCase());
  });

  it("keeps its dark circle under a hover (the icon buttons' own hover is the light theme's pale grey)", () => {
    const hover = ruleBody(actions, '.card-with-action__action .icon-button:hover');
    expect(hover, 'a hover rule of its own').not.toBeNull();
    expect(valueIn(hover, 'background')).toBe(valueIn(button, 'background'));
  });

  it("would fail with the light theme's accent on the old 55% circle (the check can fail)", () => {
    expect(contrast('#107a37', darkened('#ffffff', 0.55))).toBeLessThan(3);
    expect(contrast('#1ed760', darkened('#ffffff', 0.55))).toBeLessThan(3);
  });
});
