// Every animation of our styles moves only what the compositor can move on its own (transform,
// opacity): an animated background, size or colour restyles and repaints on the page's main
// thread on every frame, for as long as it runs. The equaliser of a playing row and the skeletons'
// shimmer run endlessly, and when they animated their backgrounds a playing album page kept a
// fifth of a core busy in a test browser; on a phone, the battery and the main thread a tap needs.
import { describe, expect, it } from 'vitest';
import { styleSources } from './helpers/style-sources';

/** What the compositor animates without the main thread. */
const COMPOSITED = new Set(['transform', 'opacity']);

/**
 * Keyframes that change something else once, not on every frame, each with why: a step at
 * a point in time is one restyle.
 */
const ONE_STEP: Record<string, string> = {
  // ServerToast.astro: the server's toast hides itself after 1.5 s, with JavaScript off too.
  'server-toast-leave': 'visibility, once',
};

/** Each @keyframes of `css` with the properties its steps set. */
function keyframesOf(css: string): { name: string; properties: string[] }[] {
  const found: { name: string; properties: string[] }[] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, ''); // the test's own sheets keep theirs
  for (const match of withoutComments.matchAll(/@keyframes\s+([\w-]+)\s*\{/g)) {
    // The block runs to its matching brace.
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < withoutComments.length) {
      if (withoutComments[end] === '{') depth += 1;
      if (withoutComments[end] === '}') depth -= 1;
      end += 1;
    }
    const body = withoutComments.slice(match.index + match[0].length, end - 1);
    const properties = [...body.matchAll(/([\w-]+)\s*:/g)].map((declaration) => declaration[1]!);
    found.push({ name: match[1]!, properties: [...new Set(properties)] });
  }
  return found;
}

/** The keyframes that set anything the compositor cannot animate alone, as `file: name (properties)`. */
function mainThreadAnimations(sources: { file: string; css: string }[]): string[] {
  return sources.flatMap(({ file, css }) =>
    keyframesOf(css)
      .filter(({ name, properties }) => !(name in ONE_STEP) && properties.some((property) => !COMPOSITED.has(property)))
      .map(({ name, properties }) => `${file}: ${name} (${properties.join(', ')})`),
  );
}

describe('animations stay off the main thread', () => {
  it('reads the keyframes of our styles, the endless ones among them', () => {
    const names = styleSources().flatMap(({ css }) => keyframesOf(css).map(({ name }) => name));
    expect(names).toEqual(expect.arrayContaining(['shimmer', 'equalizer-left', 'equalizer-middle', 'equalizer-right', 'spin', 'player-spin']));
  });

  it('every keyframes of ours animates transform or opacity alone', () => {
    expect(mainThreadAnimations(styleSources())).toEqual([]);
  });

  it('names an animation of a background (the check can fail)', () => {
    const css = '.a { animation: shimmer 1s infinite; }\n@keyframes shimmer {\n  /* to the left */\n  to { background-position: -200% 0; }\n}';
    expect(mainThreadAnimations([{ file: 'skeletons.css', css }])).toEqual(['skeletons.css: shimmer (background-position)']);
  });
});
