import { startDocumentTitle } from './document-title';
import { startMediaSession } from './media-session';
import { keepPlayerConnected } from './sdk';
import { startShortcuts } from './shortcuts';

let running: (() => void) | null = null;

/**
 * Everything around the player card that is not the card: the SDK device,
 * the Media Session, the document title and the keyboard shortcuts (catching up
 * with the account's playback starts earlier, from the shell: catch-up.ts). Runs once
 * per page load (the card survives client-router navigations, and a second
 * call changes nothing); returns the cleanup.
 */
export function startPlayerServices(): () => void {
  if (running) return running;
  const stops = [keepPlayerConnected(), startMediaSession(), startDocumentTitle(), startShortcuts()];
  running = () => {
    for (const stop of stops) stop();
    running = null;
  };
  return running;
}
