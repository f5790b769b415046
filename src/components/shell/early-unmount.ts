/**
 * An island the client router's page swap took away while React was still hydrating it: Astro
 * unmounts its root, and React reports the unmount as an update that came before hydration (its
 * error 424, minified in production) as it gives the root up, which is all a gone island needs.
 * Nothing failed and the new page shows, so this one error, within moments of a swap, is not
 * reported (src/components/shell/shell-client.ts). Any other error, or this one long after a
 * swap, still is.
 */
export const EARLY_UNMOUNT_WINDOW_MS = 2_000;

export function isEarlyUnmountAfterSwap(error: unknown, sinceSwapMs: number): boolean {
  if (!(error instanceof Error) || !(sinceSwapMs >= 0 && sinceSwapMs < EARLY_UNMOUNT_WINDOW_MS)) return false;
  return /\berrors\/424\b|early update, before anything was able hydrate/.test(error.message);
}
