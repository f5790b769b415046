import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// scripts/lib/shell-chunks.mjs: what every app page loads goes into two chunks instead of about
// sixty; nothing a page may not need joins them.
const { everyPageIslands, layoutScriptChunks, shellChunks, SHELL_CHUNK, SHELL_PACKAGES_CHUNK, SHELL_PRELOADS_PLACEHOLDER } = (await import(
  new URL('../../scripts/lib/shell-chunks.mjs', import.meta.url).href
)) as {
  everyPageIslands(layoutFile: string): string[];
  shellChunks(layoutFile: string, srcDir: string): (id: string, meta: ModuleGraph) => string | undefined;
  layoutScriptChunks(bundle: Record<string, OutputChunk>, layoutFile: string): string[];
  SHELL_CHUNK: string;
  SHELL_PACKAGES_CHUNK: string;
  SHELL_PRELOADS_PLACEHOLDER: string;
};

interface OutputChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: string[] } | null;
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

  it('take what the shell imports statically, ours and packages apart, and leave pages and lazy parts alone', () => {
    // A small module graph as Rollup describes it: `static` edges only (a dynamic import is not in importedIds).
    const graph: Record<string, string[]> = {
      [island('shell/TopBar.tsx')]: [`${root}src/stores/player.ts`, `${root}node_modules/react/index.js`],
      [`${root}src/stores/player.ts`]: ['\0vite/preload-helper.js', `${root}src/styles/player.css`],
      [`${root}src/styles/player.css`]: [],
      [`${root}src/layouts/App.astro?astro&type=script&index=0&lang.ts`]: [`${root}src/components/shell/shell-client.ts`],
      [`${root}src/components/shell/shell-client.ts`]: [],
      [`${root}node_modules/react/index.js`]: [],
      '\0vite/preload-helper.js': [],
      [island('browse/AlbumView.tsx')]: [`${root}src/stores/detail-area.ts`, `${root}src/stores/player.ts`],
      [`${root}src/stores/detail-area.ts`]: [],
      [island('player/PlayerCard.tsx')]: [`${root}src/stores/player.ts`],
    };
    const meta: ModuleGraph = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id) => (id in graph ? { importedIds: graph[id]! } : null),
    };
    const chunkOf = shellChunks(layout, `${root}src/`);
    const chunks = Object.fromEntries(Object.keys(graph).map((id) => [id.replace(root, ''), chunkOf(id, meta)]));
    expect(chunks).toEqual({
      'src/islands/shell/TopBar.tsx': SHELL_CHUNK,
      'src/stores/player.ts': SHELL_CHUNK,
      // The layout's script runs in document order, after the page is parsed: in a chunk a
      // client:load island imports, it would run whenever that island loads.
      'src/layouts/App.astro?astro&type=script&index=0&lang.ts': undefined,
      'src/components/shell/shell-client.ts': undefined,
      'node_modules/react/index.js': SHELL_PACKAGES_CHUNK,
      // Packages import Rollup's helpers too: in our chunk, the two would import each other.
      '\0vite/preload-helper.js': SHELL_PACKAGES_CHUNK,
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
        script(['_astro/shell.X.js', '_astro/shell-packages.X.js'], ['_astro/start.X.js']),
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
      ['App.astro_astro_type_script_index_0_lang.X.js', 'shell.X.js', 'shell-packages.X.js', 'start.X.js', 'shortcuts.X.js'].map((name) => `/_astro/${name}`).sort(),
    );
  });

  it("skip a chunk Vite removed for holding only styles, though an import still names it", () => {
    expect(layoutScriptChunks(bundle(script(['_astro/_albumId_.X.js'], [])), layout)).toEqual(['/_astro/App.astro_astro_type_script_index_0_lang.X.js']);
  });

  it("fail the build when the layout's script is not found", () => {
    expect(() => layoutScriptChunks(bundle(chunk('_astro/shell.X.js')), layout)).toThrow(/0 chunks/);
  });

  it('are written where the server module spells the same placeholder', () => {
    expect(readFileSync(`${root}src/layouts/shell-preloads.ts`, 'utf8')).toContain(`'${SHELL_PRELOADS_PLACEHOLDER}'`);
  });
});
