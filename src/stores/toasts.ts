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

/**
 * Shows a toast that removes itself after 1.5 s. The same words already on screen are not
 * shown twice: calls failing together for one cause (a dropped connection, say) say it once.
 */
export function showToast(message: string, kind: ToastKind = 'error'): number {
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
