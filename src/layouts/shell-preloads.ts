/**
 * The chunks the app layout's script loads as a page starts (the shell, its packages, the player's
 * start, the catch-up), named by the build: scripts/lib/shell-chunks.mjs writes their list here
 * once the client's chunks have their names (the server is built first). Every app page lists
 * them as modulepreload links in its head, so they come side by side with the page's first bytes
 * instead of one level of imports after another, and Vite's preload helper, finding its links
 * there, adds none while the page starts. Empty under `astro dev`, which builds nothing.
 */
const BUILT_LIST: string = '__MY_MUSIC_SHELL_PRELOADS__';

export const SHELL_PRELOADS: readonly string[] = BUILT_LIST.startsWith('[') ? (JSON.parse(BUILT_LIST) as string[]) : [];
