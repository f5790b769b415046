import { TOAST_DURATION_MS } from '../../stores/toasts';

/**
 * SPEC §8's toast without its island: as the server's (ServerToast.astro, whose style sheet
 * shows it for 1.5 s), for when the toasts' island could not load its code (the connection
 * went before the page's first input).
 */
export function showPlainToast(message: string, doc: Document = document): void {
  const toast = doc.createElement('div');
  toast.className = 'server-toast';
  toast.setAttribute('role', 'status');
  toast.setAttribute('aria-live', 'polite');
  toast.append(Object.assign(doc.createElement('span'), { textContent: message }));
  doc.body.append(toast);
  setTimeout(() => toast.remove(), TOAST_DURATION_MS + 100);
}
