import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from '../../src/components/Icon';

// An icon carries its look as a class (components/icon-paths.ts iconClassOf) that global.css
// draws, not as five presentation attributes on each of a page's icons.
describe('icons', () => {
  it('are outlined, solid when filled or a transport control, and dotted for the dots', () => {
    const classOf = (markup: string) => /class="([^"]*)"/.exec(markup)?.[1];
    expect(classOf(renderToStaticMarkup(<Icon name="heart" />))).toBe('icon');
    expect(classOf(renderToStaticMarkup(<Icon name="heart" filled />))).toBe('icon icon--solid');
    expect(classOf(renderToStaticMarkup(<Icon name="play" />))).toBe('icon icon--solid');
    expect(classOf(renderToStaticMarkup(<Icon name="more" />))).toBe('icon icon--dots');
    const markup = renderToStaticMarkup(<Icon name="heart" size={16} />);
    expect(markup).not.toMatch(/\b(fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)=/);
    expect(markup).toMatch(/width="16" height="16" aria-hidden="true"/);
  });

  it('are drawn by the global style sheet', () => {
    const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(css).toContain('.icon { fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }');
    expect(css).toContain('.icon--solid { fill: currentColor; }');
    expect(css).toContain('.icon--dots { stroke-width: 3.5; }');
  });
});
