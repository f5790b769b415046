import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// astro.config.mjs renders islands on the server with React's renderToString
// (experimentalDisableStreaming), which @astrojs/react calls without the island's identifierPrefix
// while the browser hydrates with it: an id from useId would differ between the two, and the page
// would hydrate with a mismatch. So no island or component calls useId; an id a page needs comes
// from its data (as a carried seed's block id does, src/components/carried-seed.tsx).

const root = join(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|astro)$/.test(file))
    .map((file) => join(folder, file));
}

describe('ids in server-rendered islands', () => {
  it('the islands render with renderToString (the reason for the rule below)', () => {
    expect(readFileSync(join(root, 'astro.config.mjs'), 'utf8')).toMatch(/react\(\{\s*experimentalDisableStreaming:\s*true\s*\}\)/);
  });

  it('no island or component calls useId', () => {
    const callers = [...sources('src/islands'), ...sources('src/components')].filter((file) => /\buseId\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(callers).toEqual([]);
  });
});
