import { atom } from 'nanostores';

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
