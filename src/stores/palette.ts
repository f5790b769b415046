import { atom } from 'nanostores';
import { isPaletteKey } from '../lib/palette-key';

// Apart from palette-options.ts: the shell loads this (the key and the phone's sheet open the
// palette), the options and their search load with the palette itself, the first time it opens.

/** The command palette is open (Ctrl+K or Cmd+K anywhere, the phone's bottom sheet). */
export const $paletteOpen = atom(false);

/**
 * A modal in the browser's top layer (a native dialog opened with showModal: the image preview)
 * is open: it covers whatever the page stacks, the palette too, and keeps the keyboard, so a
 * palette opened meanwhile would lie under it, unreachable, and stay open after it.
 */
function topLayerModalOpen(doc: Pick<Document, 'querySelectorAll'> | undefined = globalThis.document): boolean {
  if (!doc) return false;
  return [...doc.querySelectorAll('dialog[open]')].some((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      // A DOM without :modal (a test's): an open dialog of ours is a modal one (showModal).
      return true;
    }
  });
}

/** Opens the command palette, unless a modal it cannot cover is open (the image preview: SPEC §4, it closes only by its Close). */
export function openPalette(): void {
  if (topLayerModalOpen()) return;
  $paletteOpen.set(true);
}

/** Closes the command palette. */
export function closePalette(): void {
  $paletteOpen.set(false);
}

/** Ctrl+K: opens the palette (as openPalette does), or closes it when it is open. */
export function togglePalette(): void {
  if ($paletteOpen.get()) closePalette();
  else openPalette();
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
