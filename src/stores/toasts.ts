import { atom } from 'nanostores';

type ToastKind = 'error' | 'info' | 'success';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** SPEC §8: toasts sit at the top centre and last 1.5 s. */
export const TOAST_DURATION_MS = 1500;

/** The toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** The server's toasts in this page (ServerToast.astro: an error's words, shown by CSS for 1.5 s), by words: until when. */
const shownByServer = new Map<string, number>();

/**
 * A toast the server's HTML shows from now (the shell's script finds it as the page shows): the
 * same words from the browser before it leaves are not shown a second time beside it. The
 * offline shell says 'Internet Connection Problem' so, and the player's catch-up, failing for
 * the same cause a moment later, would say it again.
 */
export function noteServerToast(message: string, now = Date.now()): void {
  shownByServer.set(message, now + TOAST_DURATION_MS);
}

/**
 * Shows a toast that removes itself after 1.5 s. The same words already on screen, the
 * server's toast's included, are not shown twice: calls failing together for one cause (a
 * dropped connection, say) say it once. Answers the toast's id, or null when it was on screen.
 */
export function showToast(message: string, kind: ToastKind = 'error', now = Date.now()): number | null {
  if (kind === 'error' && (shownByServer.get(message) ?? 0) > now) return null;
  const shown = $toasts.get().find((toast) => toast.message === message && toast.kind === kind);
  if (shown) return shown.id;
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, kind }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

/** Removes a toast before its time (its close button). */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
