import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the shell (the islands every app page hydrates) imports statically is JavaScript every
// page downloads, parses and links. Some parts are wanted on every page only after a click: they
// come through a dynamic import, and a later static import would pull them back in unseen
// (the budget is per route, and these are kilobytes each).
const { everyPageIslands } = (await import(new URL('../../scripts/lib/shell-chunks.mjs', import.meta.url).href)) as {
  everyPageIslands(layoutFile: string): string[];
};

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = (path: string) => resolve(root, 'src', path);

/** The file a relative import names, as Vite resolves ours (an island's name comes without extension). */
function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Every source file `entries` reach through static imports (`import … from`, `export … from`; not `import()` nor types). */
function staticallyReached(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const waiting = entries.map((entry) => fileOf(entry, entry)).filter((file): file is string => file !== null);
  while (waiting.length > 0) {
    const file = waiting.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const [, kind, specifier] of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s+(type\s)?[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
      const target = kind ? null : fileOf(file, specifier!);
      if (target && /\.tsx?$/.test(target)) waiting.push(target);
    }
  }
  return reached;
}

// The islands on every page, and the player's view for the screen (the card's body, the phone's
// bar), which the card fetches with the page's first catch-up (./islands/player/PlayerCard.tsx).
const shell = staticallyReached([
  ...everyPageIslands(src('layouts/App.astro')),
  src('islands/player/PlayerCardBody'),
  src('islands/player/PlayerBar'),
]);

describe("the shell's static imports", () => {
  it('reach the stores every page runs', () => {
    // The walk itself: a rule that found nothing would pass the test below for nothing.
    expect(shell).toContain(src('stores/player.ts'));
    expect(shell).toContain(src('stores/nav-playlists.ts'));
    expect(shell).toContain(src('islands/playlists/AddToPlaylistButton.tsx'));
    expect(shell).toContain(src('stores/playlist-actions.ts'));
  });

  it('leave the playlist actions to their first use', () => {
    // ./my-playlists.ts keeps the playlist page's, the library's and the profile's stores up to
    // date, so a static import brings those along too.
    expect(shell).not.toContain(src('stores/my-playlists.ts'));
    expect(shell).not.toContain(src('stores/detail-area.ts'));
  });
});
