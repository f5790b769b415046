import { atom } from 'nanostores';
import { isPaletteKey } from '../lib/palette-key';

// Apart from palette-options.ts: the shell loads this (the key and the phone's sheet open the
// palette), the options and their search load with the palette itself, the first time it opens.

/** The command palette is open (Ctrl+K or Cmd+K anywhere, the phone's bottom sheet). */
export const $paletteOpen = atom(false);

/** Opens the command palette. */
export function openPalette(): void {
  $paletteOpen.set(true);
}

/** Closes the command palette. */
export function closePalette(): void {
  $paletteOpen.set(false);
}

/** Ctrl+K: opens the palette, or closes it when it is open. */
export function togglePalette(): void {
  $paletteOpen.set(!$paletteOpen.get());
}

let listening = false;

/**
 * Ctrl+K (Cmd+K) on the whole page, a text field included, toggles the palette. Called once by
 * the shell's script: the key works on a page whose islands have not hydrated yet, and the
 * palette's island hydrates when the store opens (src/components/shell/shell-wakes.ts).
 */
export function listenForPaletteKey(target: Pick<Document, 'addEventListener'> = document): void {
  if (listening) return;
  listening = true;
  target.addEventListener('keydown', (event) => {
    if (event.repeat || !isPaletteKey(event)) return;
    // The browser's own Ctrl+K (its address bar search) gives way to the app's.
    event.preventDefault();
    togglePalette();
  });
}
