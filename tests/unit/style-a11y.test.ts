// What our style sheets owe the keyboard, screen readers and low vision, read from the sheets
// themselves: text colours that pass WCAG AA (4.5:1), a focus ring that shows on the detail
// headers' palette colours, a live region that stays in the accessibility tree while empty,
// room kept clear of the bars that stay over the page, and smooth scrolling only for those who
// did not ask for less motion.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKGROUND, PALETTE } from '../../src/lib/colors';
import { styleSources } from './helpers/style-sources';
import { contrast } from './helpers/contrast';

const styles = join(import.meta.dirname, '../../src/styles');
const sheet = (path: string) => readFileSync(join(styles, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Each style rule of `css`: its selector, the at-rules it sits in, and its declarations. */
function rulesOf(css: string): { selector: string; within: string[]; declarations: Record<string, string> }[] {
  const found: { selector: string; within: string[]; declarations: Record<string, string> }[] = [];
  const blocks: string[] = [];
  let text = '';
  for (const character of css) {
    if (character === '{') {
      blocks.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (character === '}') {
      const selector = blocks.pop() ?? '';
      if (!selector.startsWith('@')) {
        const declarations: Record<string, string> = {};
        for (const declaration of text.split(';')) {
          const colon = declaration.indexOf(':');
          if (colon > 0) declarations[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
        }
        found.push({ selector, within: blocks.filter((block) => block.startsWith('@')), declarations });
      }
      text = '';
    } else if (character === ';' && blocks.every((block) => block.startsWith('@'))) {
      text = ''; // a statement at rule level (@import …;)
    } else {
      text += character;
    }
  }
  return found;
}

/** The declarations of the rules of `css` with exactly `selector`, outside any at-rule unless `within` names one. */
function declarationsOf(css: string, selector: string, within: string[] = []): Record<string, string> {
  return Object.assign({}, ...rulesOf(css).filter((rule) => rule.selector === selector && rule.within.join('|') === within.join('|')).map((rule) => rule.declarations));
}



const theme = sheet('theme.css');
const base = declarationsOf(theme, ':root');
/** A theme's colour token, its var() resolved through the base tokens. */
function token(mode: 'light' | 'dark', name: string): string {
  // Dark is the default: its block is also :root's.
  const value = declarationsOf(theme, mode === 'light' ? ":root[data-theme='light']" : ":root, :root[data-theme='dark']")[name] ?? base[name];
  const named = /^var\((--[\w-]+)\)$/.exec(value ?? '');
  const resolved = named ? base[named[1]!] : value;
  if (!resolved || !/^#[0-9a-f]{6}$/i.test(resolved)) throw new Error(`${mode} ${name}: ${value}`);
  return resolved;
}

describe('text colours', () => {
  it.each(['light', 'dark'] as const)("the %s theme's --warning, the player's 12-13 px status on the card (surface-1), the bar (surface-2) and Now Playing (surface-0): 4.5:1", (mode) => {
    for (const surface of ['--surface-0', '--surface-1', '--surface-2']) {
      expect(contrast(token(mode, '--warning'), token(mode, surface)), `${mode} --warning on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("the error tooltip's 12 px off-white words on its red (Remove from Liked): 4.5:1", () => {
    const tooltip = declarationsOf(sheet('global.css'), '[data-tooltip]::after');
    const error = declarationsOf(sheet('global.css'), '[data-tooltip-error]::after');
    expect(tooltip.color).toBe('var(--mm-off-white)');
    const background = /^var\((--[\w-]+)\)$/.test(error.background ?? '') ? null : error.background!;
    // A theme colour would differ per theme: each must pass.
    const reds = background ? [background] : (['light', 'dark'] as const).map((mode) => token(mode, /^var\((--[\w-]+)\)$/.exec(error.background!)![1]!));
    for (const red of reds) expect(contrast(base['--mm-off-white']!, red), red).toBeGreaterThanOrEqual(4.5);
  });

  it('tells a failing pair apart (the check can fail)', () => {
    expect(contrast('#f4f3ee', '#e5484d')).toBeLessThan(4.5);
    expect(contrast('#b86e00', '#e9e8e2')).toBeLessThan(4.5);
  });
});

describe('the focus ring on the detail headers', () => {
  const header = sheet('content/detail-header.css');

  it('is its own in the header: an outline colour that stands out (3:1) on every palette colour, the light accent failing', () => {
    const focus = declarationsOf(header, '.detail-header :focus-visible');
    expect(focus['outline-color']).toBe('#fff');
    expect(focus['box-shadow']).toMatch(/^0 0 0 \d+px rgb\(0 0 0/);
    for (const colour of [...PALETTE, DEFAULT_BACKGROUND]) expect(contrast('#ffffff', colour), colour).toBeGreaterThanOrEqual(3);
    expect(Math.min(...PALETTE.map((colour) => contrast(token('light', '--accent'), colour)))).toBeLessThan(3);
  });

  it("keeps the cover's own shadow when the cover button has the focus", () => {
    expect(declarationsOf(header, '.detail-header__cover-button:focus-visible')['box-shadow']).toContain(declarationsOf(header, '.detail-header__cover-button')['box-shadow']);
  });
});

describe('marks that share the focus ring', () => {
  it("the bottom navigation's current page (/player) is marked without the outline, which the focus ring is", () => {
    const nav = styleSources().find(({ file }) => file.endsWith('BottomNav.astro'))!.css;
    const active = rulesOf(nav).filter((rule) => rule.selector.includes('.active') && !rule.selector.includes(':focus-visible'));
    expect(active.length).toBeGreaterThan(0);
    for (const rule of active) expect(Object.keys(rule.declarations).filter((name) => name.startsWith('outline'))).toEqual([]);
  });

  it("an album's and an artist's link in a track row keep their ring inside them: the row's cells hide what reaches past them", () => {
    const rows = sheet('content/track-rows.css');
    expect(declarationsOf(rows, '.track-row__artists, .track-row__album, .track-row__added').overflow).toBe('hidden');
    expect(declarationsOf(rows, '.track-row__artists a:focus-visible, .track-row__album a:focus-visible')).toMatchObject({ 'outline-offset': '-2px', 'text-decoration': 'underline' });
  });

  it("a tile's artists, the player card's artists and a card in a row that scrolls keep their ring within what their boxes show: the boxes hide what reaches past them", () => {
    const cards = sheet('content/cards.css');
    expect(declarationsOf(cards, '.card__subtitle').overflow).toBe('hidden');
    // A tile's artist: the ring on the link's edge, off its letters, within the 2 px its subtitle's box reaches past its words.
    expect(declarationsOf(cards, '.card__subtitle')).toMatchObject({ padding: '2px', margin: '-2px' });
    expect(declarationsOf(cards, '.card__subtitle a:focus-visible')['outline-offset']).toBe('0');
    expect(declarationsOf(cards, '.card-row')['overflow-x']).toBe('auto');
    expect(declarationsOf(cards, '.card-row .card:focus-visible')['outline-offset']).toBe('-2px');
    const player = sheet('player.css');
    expect(declarationsOf(player, '.player-card__info p').overflow).toBe('hidden');
    expect(declarationsOf(player, '.player-card__artists a:focus-visible')['outline-offset']).toBe('-2px');
  });
});

describe('live regions', () => {
  it("the rate-limit notice's status is never display:none while empty (it would leave the accessibility tree, and its words not be read)", () => {
    const empty = declarationsOf(sheet('rate-limit.css'), '.rate-limit:empty');
    expect(empty.display).toBeUndefined();
    expect(empty).toMatchObject({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
  });
});

describe('the bars that stay over the page', () => {
  it('keep a control Tab reaches clear of them: scroll padding under the top bars, above the bottom navigation and the player', () => {
    const shell = sheet('shell.css');
    const player = sheet('player.css');
    expect(declarationsOf(shell, 'html')['scroll-padding-top']).toContain('var(--topbar-height)');
    const narrow = declarationsOf(shell, 'html', ['@media (max-width: 899px)']);
    expect(narrow['scroll-padding-top']).toContain('var(--mobile-topbar-height)');
    expect(narrow['scroll-padding-bottom']).toContain('var(--bottom-nav-height)');
    expect(declarationsOf(player, 'html:has(.player-bar)', ['@media (max-width: 899px)'])['scroll-padding-bottom']).toContain('var(--player-bar-height)');
    expect(declarationsOf(player, 'html:has(.player-card)', ['@media (min-width: 900px)'])['scroll-padding-bottom']).toBeDefined();
  });
});

describe('smooth scrolling', () => {
  /** The rules of `sources` that scroll smoothly outside `@media (prefers-reduced-motion: no-preference)`, as `file: selector`. */
  const smoothForEveryone = (sources: { file: string; css: string }[]) =>
    sources.flatMap(({ file, css }) =>
      rulesOf(css)
        .filter((rule) => rule.declarations['scroll-behavior'] === 'smooth' && !rule.within.some((block) => /prefers-reduced-motion:\s*no-preference/.test(block)))
        .map((rule) => `${file}: ${rule.selector}`),
    );

  it('only for those who did not ask for less motion', () => {
    expect(smoothForEveryone(styleSources())).toEqual([]);
  });

  it('names a smooth scroll for everyone (the check can fail)', () => {
    const css = 'html { scroll-behavior: smooth; }\n@media (prefers-reduced-motion: no-preference) { body { scroll-behavior: smooth; } }';
    expect(smoothForEveryone([{ file: 'pages/auth.astro', css }])).toEqual(['pages/auth.astro: html']);
  });
});
