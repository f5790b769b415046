import { $toasts, TOAST_DURATION_MS } from '../../stores/toasts';

/**
 * SPEC §8's toasts without their island: each toast of the store shown as the server's are
 * (ServerToast.astro, whose style sheet shows it for 1.5 s), for when the toasts' island could
 * not load its code (the connection went before the page's first input).
 */
export function showToastsWithoutIsland(doc: Document = document): void {
  for (const { message } of $toasts.get()) {
    const toast = doc.createElement('div');
    toast.className = 'server-toast';
    toast.setAttribute('role', 'status');
    toast.setAttribute('aria-live', 'polite');
    toast.append(Object.assign(doc.createElement('span'), { textContent: message }));
    doc.body.append(toast);
    setTimeout(() => toast.remove(), TOAST_DURATION_MS + 100);
  }
}
