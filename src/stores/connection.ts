import { atom } from 'nanostores';
import { CONNECTION_PROBLEM } from '../api/errors';
import { showToast } from './toasts';

/**
 * Whether a request of this page found no connection (SPEC §8's 'Internet Connection
 * Problem'): what the page shows is then incomplete, and the shell loads it again
 * when the browser is back online (src/components/shell/shell-client.ts).
 */
export const $connectionLost = atom(false);

/** Records that a request found no connection. */
export function noteConnectionLost(): void {
  $connectionLost.set(true);
}

/** The page has no connection at all (opened offline): SPEC §8's toast, and the page is incomplete. */
export function reportNoConnection(): void {
  noteConnectionLost();
  showToast(CONNECTION_PROBLEM);
}
