import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// scripts/lib/shell-chunks.mjs: what every app page loads goes into a few chunks instead of about
// sixty; nothing a page may not need joins them, and what only the shell's islands run waits for them.
const { everyPageIslands, layoutScriptChunks, shellChunks, shellIslandsChunks, SHELL_CHUNK, SHELL_ISLANDS_CHUNK, SHELL_PACKAGES_CHUNK, SHELL_PRELOADS_PLACEHOLDER } = (await import(
  new URL('../../scripts/lib/shell-chunks.mjs', import.meta.url).href
)) as {
  everyPageIslands(layoutFile: string): string[];
  shellChunks(layoutFile: string, srcDir: string): (id: string, meta: ModuleGraph) => string | undefined;
  layoutScriptChunks(bundle: Record<string, OutputChunk>, layoutFile: string): string[];
  shellIslandsChunks(bundle: Record<string, OutputChunk>): string[];
  SHELL_CHUNK: string;
  SHELL_PACKAGES_CHUNK: string;
  SHELL_ISLANDS_CHUNK: string;
  SHELL_PRELOADS_PLACEHOLDER: string;
};

interface OutputChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: string[]; dynamicallyImportedIds: string[] } | null;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const layout = `${root}src/layouts/App.astro`;
const island = (path: string) => `${root}src/islands/${path}`;

describe('the shell chunks', () => {
  it("start from the layout's islands", () => {
    const islands = everyPageIslands(layout);
    expect(islands).toContain(island('shell/TopBar'));
    // The player card's island is placed through PlayerSlot.astro: rendered by the server, its
    // code loads when the user acts (or the player shows what its HTML does not), not with the page.
    expect(islands).not.toContain(island('player/PlayerCard'));
    expect(islands).toContain(island('shell/ShellOverlays'));
    // Nor any island waiting for a media query: every page brings its own copy, and the query's
    // listener kept each discarded copy alive (the phone's bottom sheet did, one per page visited).
    expect(readFileSync(layout, 'utf8')).not.toMatch(/<[A-Z]\w*\s[^>]*client:media/);
  });

  it('leave out an island that hydrates only where its media query matches', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-chunks-'));
    const file = join(dir, 'Layout.astro');
    writeFileSync(
      file,
      ["import { Wide } from './Wide';", "import { Narrow } from './Narrow';", '---', '<Wide client:load />', '<Narrow client:media="(max-width: 899px)" />'].join('\n'),
    );
    try {
      expect(everyPageIslands(file)).toEqual([join(dir, 'Wide')]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("put what the layout's script runs as the page starts in the shell's chunks, ours and packages apart, what only its islands run in the islands' chunk, and leave pages and lazy parts alone", () => {
    // A small module graph as Rollup describes it: static edges, and `import()`s apart.
    const script = `${root}src/layouts/App.astro?astro&type=script&index=0&lang.ts`;
    const graph: Record<string, { imports: string[]; dynamic?: string[] }> = {
      [script]: { imports: [`${root}src/components/shell/shell-client.ts`] },
      // The script's own module imports the session and, at once, the player's start.
      [`${root}src/components/shell/shell-client.ts`]: { imports: [`${root}src/stores/session.ts`], dynamic: [`${root}src/playback/start.ts`] },
      [`${root}src/playback/start.ts`]: { imports: [`${root}src/stores/player.ts`] },
      [island('shell/TopBar.tsx')]: { imports: [`${root}src/stores/player.ts`, `${root}src/stores/session.ts`, `${root}src/components/Icon.tsx`, `${root}node_modules/react/index.js`] },
      [`${root}src/components/Icon.tsx`]: { imports: [`${root}node_modules/react/index.js`] },
      // A store's lazy part (loaded the first time it is needed) is not followed.
      [`${root}src/stores/player.ts`]: { imports: ['\0vite/preload-helper.js', `${root}src/styles/player.css`], dynamic: [`${root}src/stores/lazy-part.ts`] },
      [`${root}src/stores/lazy-part.ts`]: { imports: [] },
      [`${root}src/stores/session.ts`]: { imports: ['\0vite/preload-helper.js'] },
      [`${root}src/styles/player.css`]: { imports: [] },
      [`${root}node_modules/react/index.js`]: { imports: [] },
      '\0vite/preload-helper.js': { imports: [] },
      [island('browse/AlbumView.tsx')]: { imports: [`${root}src/stores/detail-area.ts`, `${root}src/stores/player.ts`] },
      [`${root}src/stores/detail-area.ts`]: { imports: [] },
      [island('player/PlayerCard.tsx')]: { imports: [`${root}src/stores/player.ts`] },
    };
    const meta: ModuleGraph = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id) => (id in graph ? { importedIds: graph[id]!.imports, dynamicallyImportedIds: graph[id]!.dynamic ?? [] } : null),
    };
    const chunkOf = shellChunks(layout, `${root}src/`);
    const chunks = Object.fromEntries(Object.keys(graph).map((id) => [id.replace(root, ''), chunkOf(id, meta)]));
    expect(chunks).toEqual({
      // The layout's script runs in document order, after the page is parsed: in a chunk an
      // island imports, it would run whenever that island loads. So do what only it imports.
      'src/layouts/App.astro?astro&type=script&index=0&lang.ts': undefined,
      'src/components/shell/shell-client.ts': undefined,
      'src/playback/start.ts': undefined,
      // What the islands share with what the script runs as the page starts: the shell's chunks.
      'src/stores/player.ts': SHELL_CHUNK,
      'src/stores/session.ts': SHELL_CHUNK,
      // Packages import Rollup's helpers too: in our chunk, the two would import each other.
      '\0vite/preload-helper.js': SHELL_PACKAGES_CHUNK,
      // What only the shell's islands run, React included: loaded when one hydrates, not with the page.
      'src/islands/shell/TopBar.tsx': SHELL_ISLANDS_CHUNK,
      'src/components/Icon.tsx': SHELL_ISLANDS_CHUNK,
      'node_modules/react/index.js': SHELL_ISLANDS_CHUNK,
      'src/stores/lazy-part.ts': undefined,
      // Styles stay where Vite puts them, after the page's own in the cascade, as before.
      'src/styles/player.css': undefined,
      // A page's island and what only pages import keep their own chunks.
      'src/islands/browse/AlbumView.tsx': undefined,
      'src/stores/detail-area.ts': undefined,
      // The player card's island, placed through PlayerSlot.astro, keeps its own chunk: it loads when the user acts.
      'src/islands/player/PlayerCard.tsx': undefined,
    });
  });
});

describe("the layout script's chunks, named in every app page's head", () => {
  const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], facadeModuleId: string | null = null): OutputChunk => ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    dynamicImports,
  });
  const bundle = (...chunks: OutputChunk[]) => Object.fromEntries(chunks.map((output) => [output.fileName, output]));
  const script = (imports: string[], dynamicImports: string[]) =>
    chunk('_astro/App.astro_astro_type_script_index_0_lang.X.js', imports, dynamicImports, `${layout}?astro&type=script&index=0&lang.ts`);

  it('are the script, what it imports, and what it imports at once with import(), each with its own imports', () => {
    const listed = layoutScriptChunks(
      bundle(
        script(['_astro/first-screen.X.js'], ['_astro/shell-client.X.js']),
        chunk('_astro/first-screen.X.js'),
        // The script's own module, imported after the first paint; it imports the player's start at once.
        chunk('_astro/shell-client.X.js', ['_astro/shell.X.js', '_astro/shell-packages.X.js'], ['_astro/start.X.js']),
        chunk('_astro/shell.X.js', ['_astro/shell-packages.X.js'], ['_astro/CommandPalette.X.js']),
        chunk('_astro/shell-packages.X.js'),
        chunk('_astro/start.X.js', ['_astro/shortcuts.X.js', '_astro/shell.X.js']),
        chunk('_astro/shortcuts.X.js'),
        // Loaded the first time the palette opens, and a page's own island: neither is preloaded.
        chunk('_astro/CommandPalette.X.js', ['_astro/shell.X.js']),
        chunk('_astro/AlbumView.X.js', ['_astro/shell.X.js'], [], `${root}src/islands/browse/AlbumView.tsx`),
        { ...chunk('_astro/App.X.css'), type: 'asset' },
      ),
      layout,
    );
    expect(listed.sort()).toEqual(
      ['App.astro_astro_type_script_index_0_lang.X.js', 'first-screen.X.js', 'shell-client.X.js', 'shell.X.js', 'shell-packages.X.js', 'start.X.js', 'shortcuts.X.js']
        .map((name) => `/_astro/${name}`)
        .sort(),
    );
  });

  it("skip a chunk Vite removed for holding only styles, though an import still names it", () => {
    expect(layoutScriptChunks(bundle(script(['_astro/_albumId_.X.js'], [])), layout)).toEqual(['/_astro/App.astro_astro_type_script_index_0_lang.X.js']);
  });

  it("fail the build when the layout's script is not found", () => {
    expect(() => layoutScriptChunks(bundle(chunk('_astro/shell.X.js')), layout)).toThrow(/0 chunks/);
  });

  it("name the shell islands' chunk apart: the page loads it once an island starts, never with the script", () => {
    const islandsChunk = { ...chunk('_astro/shell-islands.X.js', ['_astro/shell.X.js']), name: SHELL_ISLANDS_CHUNK };
    const built = bundle(script(['_astro/shell.X.js'], []), chunk('_astro/shell.X.js'), islandsChunk, chunk('_astro/TopBar.X.js', ['_astro/shell-islands.X.js']));
    expect(shellIslandsChunks(built)).toEqual(['/_astro/shell-islands.X.js']);
    expect(layoutScriptChunks(built, layout)).not.toContain('/_astro/shell-islands.X.js');
  });

  it('are written where the server module spells the same placeholder', () => {
    expect(readFileSync(`${root}src/layouts/shell-preloads.ts`, 'utf8')).toContain(`'${SHELL_PRELOADS_PLACEHOLDER}'`);
  });
});
