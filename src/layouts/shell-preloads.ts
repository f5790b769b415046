/**
 * The shell's chunks, named by the build: scripts/lib/shell-chunks.mjs writes their lists here
 * once the client's chunks have their names (the server is built first). Empty under
 * `astro dev`, which builds nothing.
 *
 * `atStart`: what the app layout's script loads as a page starts (the shell, its packages, the
 * player's start, the catch-up). Every app page names them in a meta element, and the script asks
 * for them all at once as the first frame is painted (src/lib/named-code.ts): side by side rather
 * than one level of imports after another, and not before the first paint, whose style sheets and
 * covers they would share the network with. Vite's preload helper then finds its links there.
 *
 * `islands`: what only the shell's islands run (their components, React). A page names it in a
 * meta element too: the page loads it only once an island starts, and then beside the
 * island's own chunk, not found one import later (hydrate-on-intent.ts).
 */
const BUILT_LISTS: string = '__MY_MUSIC_SHELL_PRELOADS__';

interface ShellChunkLists {
  atStart: string[];
  islands: string[];
}

const lists: ShellChunkLists = BUILT_LISTS.startsWith('{') ? (JSON.parse(BUILT_LISTS) as ShellChunkLists) : { atStart: [], islands: [] };

export const SHELL_START_CODE: readonly string[] = lists.atStart;
export const SHELL_ISLANDS_CODE: readonly string[] = lists.islands;
