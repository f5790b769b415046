import { atom } from 'nanostores';

// The mini-player window belongs to the player card (src/islands/player/use-mini-player.ts
// holds it, as React state). Other parts of the app open it through here: the card installs
// how, where the browser has Document Picture-in-Picture.

let opener: (() => void) | null = null;

/** Whether the mini-player can open here (the browser has Document Picture-in-Picture and the card is on the page). */
export const $miniPlayerAvailable = atom(false);

/** The card's way to open its mini-player window; null where there is none. */
export function setMiniPlayerOpener(open: (() => void) | null): void {
  opener = open;
  $miniPlayerAvailable.set(open !== null);
}

/** Opens the mini-player window (call it inside the key press or click: the browser wants one). */
export function openMiniPlayer(): void {
  opener?.();
}
