// Every app page loads the shell's islands (top bar, side navigation's playlists, overlays) with
// every module they import, once the user acts, and the layout's script with the stores, the
// API client and the player's start as the page starts. Left to Rollup, those modules were cut
// into about 40 small chunks, each its own request, found one level of imports at a time (a
// waterfall on a real network), and each compressed, parsed and linked on its own. So they go
// into a few chunks: what the layout's script runs as the page starts (our code, and apart the
// packages it uses, which change less often and so stay cached across our releases), and what
// only the shell's islands run (their components, React): a page nobody touches never loads
// that one. No page loads a byte more; pages still get their own chunks for their own islands.
//
// The layout's script then loads those chunks and a few more (the player's start, the catch-up,
// the shell's wake-up) as the page starts. Found through its imports, they came one round trip
// after another, and Vite's preload helper appended a link for each while the page was busy
// starting (about 27 ms at 4x CPU, BENCHMARKS.md). The build lists them instead, and every app
// page names them as modulepreload links in its head (src/layouts/shell-preloads.ts): fetched
// side by side from the first bytes, and the helper finds its links already there.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The chunk names (the build adds a hash). */
export const SHELL_CHUNK = 'shell';
export const SHELL_PACKAGES_CHUNK = 'shell-packages';
export const SHELL_ISLANDS_CHUNK = 'shell-islands';

/**
 * The component files of the islands `layoutFile` hydrates on every screen size: each
 * `<Name client:…>` but `client:media` (loaded only where its query matches), resolved
 * through the layout's own imports. Read from the layout so the two cannot disagree.
 */
export function everyPageIslands(layoutFile) {
  const source = readFileSync(layoutFile, 'utf8');
  const importOf = new Map();
  for (const [, names, from] of source.matchAll(/import\s+\{([^}]+)\}\s+from\s+'([^']+)'/g)) {
    for (const name of names.split(',').map((part) => part.trim()).filter(Boolean)) importOf.set(name, from);
  }
  const islands = [];
  for (const [, name, directive] of source.matchAll(/<([A-Z]\w*)\s[^>]*?client:(\w+)/g)) {
    if (directive === 'media') continue;
    const from = importOf.get(name);
    if (!from) throw new Error(`shell-chunks: ${layoutFile} hydrates <${name}> but imports it from nowhere this rule reads`);
    islands.push(resolve(dirname(layoutFile), from));
  }
  return islands;
}

/** A style sheet's module id (`player.css`, `Card.astro?astro&type=style…`). */
const STYLE = /\.(css|scss|sass|less)($|\?)|[?&]type=style/;

/** A module id without its query (`App.astro?astro&type=script…`) or extension. */
const bare = (id) => id.split('?')[0].replace(/\.(tsx?|jsx?|mjs)$/, '');

/** Every module `entries` import statically, and, for those `followDynamic` says, dynamically too, with theirs in turn. */
function closureOf(entries, getModuleInfo, followDynamic = () => false) {
  const found = new Set();
  const waiting = [...entries];
  while (waiting.length > 0) {
    const next = waiting.pop();
    if (found.has(next)) continue;
    found.add(next);
    const info = getModuleInfo(next);
    waiting.push(...(info?.importedIds ?? []));
    if (followDynamic(next)) waiting.push(...(info?.dynamicallyImportedIds ?? []));
  }
  return found;
}

/**
 * Rollup's manualChunks for the client build, for every module the shell's islands import
 * statically (dynamic imports, like the palette loaded the first time it opens, keep their own
 * chunk). What the layout's script also runs as the page starts (its imports, and those of
 * what it imports with `import()` at once) goes into the shell's chunks, ours and packages
 * apart; what only the islands run, into the islands' chunk, which the page loads when an
 * island hydrates. Styles, and modules only the script or only pages import, stay where Rollup
 * and Vite put them.
 */
export function shellChunks(layoutFile, srcDir) {
  // From the islands. The layout's script (shell-client) and the ClientRouter's are page scripts
  // that run in document order once the page is parsed; inside a chunk an island imports they
  // would run whenever that island loads, and the router and its listeners would start in
  // another order. So the script's own modules are never in these chunks.
  const islands = everyPageIslands(layoutFile).map(bare);
  let onEveryPage = null;
  let atStart = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!onEveryPage) {
      const ids = [...getModuleIds()];
      onEveryPage = closureOf(
        ids.filter((moduleId) => islands.includes(bare(moduleId))),
        getModuleInfo,
      );
      // The script's `import()`s are followed from its own modules (shell-client runs each at
      // once), not from the shell's (a store's lazy part loads when it is first needed).
      atStart = closureOf(
        ids.filter((moduleId) => moduleId.startsWith(`${layoutFile}?astro&type=script`)),
        getModuleInfo,
        (moduleId) => !onEveryPage.has(moduleId),
      );
    }
    // Styles stay where Vite puts them: in a chunk a page's island imports, the shell's styles
    // would be linked in the head before the page's own, and lose every tie they used to win.
    if (!onEveryPage.has(id) || STYLE.test(id)) return undefined;
    // The islands' chunk imports the shell's, never the other way: what the script runs is in
    // `atStart` with all it imports. So packages only islands use (React) go in it with ours.
    if (!atStart.has(id)) return SHELL_ISLANDS_CHUNK;
    // The packages' chunk must import nothing from ours (a cycle between two chunks runs one
    // before the other is ready), so only our own files go in ours: Rollup's helpers and
    // Astro's virtual modules, which packages import too, go with the packages.
    return id.startsWith(srcDir) ? SHELL_CHUNK : SHELL_PACKAGES_CHUNK;
  };
}

/**
 * What the server's build holds where the lists of the shell's chunks go (the layout script's,
 * and the islands' chunk: src/layouts/shell-preloads.ts, which spells it too): the server is
 * built before the client, so they are written into it once the client's chunks have their names.
 */
export const SHELL_PRELOADS_PLACEHOLDER = '__MY_MUSIC_SHELL_PRELOADS__';

/**
 * The chunks the layout's script needs as the page starts, as `/`-rooted paths, from Rollup's
 * bundle: the script's own chunk, the chunks it imports, those it imports with `import()`
 * (shell-client.ts, once the first frame is painted), and those these import with `import()`
 * (shell-client runs each of them at once), each with all it imports in turn statically.
 * A chunk reached only by a later `import()` (the palette, a dialog) is left to load when needed.
 */
export function layoutScriptChunks(bundle, layoutFile) {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const scripts = chunks.filter((chunk) => chunk.facadeModuleId?.startsWith(`${layoutFile}?astro&type=script`));
  if (scripts.length !== 1) throw new Error(`shell-chunks: ${scripts.length} chunks for ${layoutFile}'s script, expected one`);
  const [script] = scripts;
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = [];
  // The script imports its module (shell-client) with import(), after the first paint, and that
  // module's own import()s run at once: both levels are followed, no further.
  const started = new Set(script.dynamicImports);
  const waiting = [script.fileName, ...script.dynamicImports];
  while (waiting.length > 0) {
    const next = waiting.shift();
    if (found.includes(next) || !byName.has(next)) continue;
    found.push(next);
    waiting.push(...byName.get(next).imports);
    if (started.has(next)) waiting.push(...byName.get(next).dynamicImports);
  }
  return found.map((fileName) => `/${fileName}`);
}

/** The shell islands' chunk (SHELL_ISLANDS_CHUNK), as a `/`-rooted path, from Rollup's bundle; none when no module went in it. */
export function shellIslandsChunks(bundle) {
  return Object.values(bundle)
    .filter((output) => output.type === 'chunk' && output.name === SHELL_ISLANDS_CHUNK)
    .map((chunk) => `/${chunk.fileName}`);
}

/** Writes `lists` into the server's build where SHELL_PRELOADS_PLACEHOLDER stands (once, or the build fails). */
function writeShellPreloads(serverDir, lists) {
  const literal = new RegExp(`(["'\`])${SHELL_PRELOADS_PLACEHOLDER}\\1`, 'g');
  const files = readdirSync(serverDir, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.mjs'))
    .map((path) => join(serverDir, path));
  let written = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes(SHELL_PRELOADS_PLACEHOLDER)) continue;
    written += source.match(literal)?.length ?? 0;
    writeFileSync(file, source.replace(literal, JSON.stringify(JSON.stringify(lists))));
  }
  if (written !== 1) throw new Error(`shell-chunks: the server's build holds the preloads' placeholder ${written} times, expected once`);
}

/**
 * The Astro integration that applies shellChunks to the client build, then names the layout
 * script's chunks in the server's build.
 */
export function shellChunksIntegration(root) {
  const srcDir = join(root, 'src');
  const layoutFile = join(srcDir, 'layouts', 'App.astro');
  let serverDir = null;
  let lists = null;
  return {
    name: 'my-music:shell-chunks',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:setup': ({ vite, target }) => {
        if (target !== 'client') return;
        vite.build ??= {};
        vite.build.rollupOptions ??= {};
        const output = vite.build.rollupOptions.output ?? {};
        if (Array.isArray(output)) throw new Error('shell-chunks: the client build has several outputs');
        vite.build.rollupOptions.output = { ...output, manualChunks: shellChunks(layoutFile, `${srcDir}/`) };
        vite.plugins ??= [];
        vite.plugins.push({
          name: 'my-music:shell-preloads',
          // Once written: Vite removes the chunks that held only styles as its own last step.
          writeBundle(_options, bundle) {
            lists = { atStart: layoutScriptChunks(bundle, layoutFile), islands: shellIslandsChunks(bundle) };
          },
        });
      },
      'astro:build:done': () => {
        if (!lists) throw new Error("shell-chunks: the client build did not list the layout script's chunks");
        writeShellPreloads(serverDir, lists);
      },
    },
  };
}
