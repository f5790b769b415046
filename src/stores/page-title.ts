import { atom } from 'nanostores';

/**
 * A rename of the page on screen (a playlist renamed on its own page): its new tab title and the
 * one it replaces. src/playback/document-title.ts shows it, or keeps it for when the playing
 * track's title leaves the tab; a page other than `over` (the user moved on) is not renamed.
 */
export const $pageRename = atom<{ title: string; over: string } | null>(null);

/** Renames the tab's page title from `over` to `title`. */
export function renamePage(title: string, over: string): void {
  $pageRename.set({ title, over });
}
