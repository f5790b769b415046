import { atom } from 'nanostores';

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
