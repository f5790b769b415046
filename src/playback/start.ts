import { startDocumentTitle } from './document-title';
import { startMediaSession } from './media-session';
import { keepPlayerConnected } from './sdk';
import { startShortcuts } from './shortcuts';

let running: (() => void) | null = null;

/**
 * Everything around the player card that is not the card: the SDK device,
 * the Media Session, the document title and the keyboard shortcuts. The shell's
 * script starts them beside the page's first token, as it starts the catch-up with
 * the account's playback (catch-up.ts, a module of its own so that it is not held
 * back by these). Runs once per page load (the client router keeps the document,
 * and a second call changes nothing); returns the cleanup.
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
