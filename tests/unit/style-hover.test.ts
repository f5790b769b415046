// A look that follows the pointer (:hover) applies only where a pointer hovers, inside
// `@media (hover: hover)`: a phone keeps :hover on whatever was tapped last, so a tapped heart
// kept its tooltip, a tapped row stayed lit with its play mark, a tapped button stayed grown,
// until the next tap elsewhere. What the keyboard reaches shows by :focus-visible, outside it.
// (browse.spec.ts shows it in a phone's Chromium.)
import { describe, expect, it } from 'vitest';
import { styleSources } from './helpers/style-sources';

/**
 * Hover rules that stand outside the media query, each with why. The side navigation widens
 * over the page on hover to show its labels and playlists: on a touch screen wide enough to
 * show it (a tablet), the tap that keeps :hover is how it opens at all.
 */
const HOVER_ANYWHERE = [/^\.side-nav:hover\b/, /^nav\.side-nav:hover\b/];

/** Landing pages outside the app (zero JavaScript, links that leave the page): their hovers go with the tap. */
const OUTSIDE_APP = /^components\/landing\//;

/** Each style rule of `css` whose selector names :hover, with the at-rules it sits in. */
function hoverRulesOf(css: string): { selector: string; within: string[] }[] {
  const found: { selector: string; within: string[] }[] = [];
  const blocks: string[] = [];
  let prelude = '';
  for (const character of css) {
    if (character === '{') {
      blocks.push(prelude.trim());
      prelude = '';
    } else if (character === '}') {
      blocks.pop();
      prelude = '';
    } else if (character === ';' && blocks.every((block) => block.startsWith('@'))) {
      prelude = ''; // a statement at rule level (@import …;)
    } else {
      prelude += character;
    }
    if (character === '{') {
      const selector = blocks.at(-1)!;
      if (!selector.startsWith('@') && selector.includes(':hover')) {
        for (const one of selector.split(',')) {
          if (one.includes(':hover')) found.push({ selector: one.trim().replace(/\s+/g, ' '), within: blocks.slice(0, -1).filter((block) => block.startsWith('@')) });
        }
      }
    }
  }
  return found;
}

/** The hover rules of `sources` outside `@media (hover: hover)` and not allowed above, as `file: selector`. */
function hoverRulesForTouchToo(sources: { file: string; css: string }[]): string[] {
  return sources
    .filter(({ file }) => !OUTSIDE_APP.test(file))
    .flatMap(({ file, css }) =>
      hoverRulesOf(css)
        .filter(({ selector, within }) => !within.some((block) => /^@media\b.*\(hover:\s*hover\)/.test(block)) && !HOVER_ANYWHERE.some((allowed) => allowed.test(selector)))
        .map(({ selector }) => `${file}: ${selector}`),
    );
}

describe('hover looks are for pointers that hover', () => {
  it('reads the hover rules of our styles, those of the track rows among them', () => {
    const selectors = styleSources().flatMap(({ css }) => hoverRulesOf(css).map(({ selector }) => selector));
    expect(selectors).toEqual(expect.arrayContaining(['.track-row:hover', '[data-tooltip]:hover::after', '.side-nav:hover']));
  });

  it('every hover rule of the app sits inside @media (hover: hover), but the side navigation’s', () => {
    expect(hoverRulesForTouchToo(styleSources())).toEqual([]);
  });

  it('names a hover rule outside the media query, and one split from its focus twin (the check can fail)', () => {
    const css = '.a:hover,\n.a:focus-visible { color: red; }\n@media (hover: hover) { .b:hover { color: red; } }\n@media (width < 600px) { .c:hover { color: red; } }';
    expect(hoverRulesForTouchToo([{ file: 'styles/x.css', css }])).toEqual(['styles/x.css: .a:hover', 'styles/x.css: .c:hover']);
  });
});
