import { PREMIUM_PROMPT_MARK } from '../../lib/page-leaving';
import { $toasts, noteServerToast, TOAST_DURATION_MS } from '../../stores/toasts';

/** The class of the server's toast (ServerToast.astro), whose style sheet shows it for 1.5 s. */
const SERVER_TOAST = 'server-toast';

/**
 * SPEC §8's toasts without their island: each toast of the store shown as the server's are
 * (ServerToast.astro), for when the toasts' island could not load its code (the connection went
 * before the page's first input).
 */
export function showToastsWithoutIsland(doc: Document = document): void {
  for (const { message } of $toasts.get()) {
    const toast = doc.createElement('div');
    toast.className = SERVER_TOAST;
    toast.setAttribute('role', 'status');
    toast.setAttribute('aria-live', 'polite');
    toast.append(Object.assign(doc.createElement('span'), { textContent: message }));
    doc.body.append(toast);
    setTimeout(() => toast.remove(), TOAST_DURATION_MS + 100);
  }
}

/** What the server told of the page's render, once: its toasts and its premium prompt's mark. */
const TOLD_ONCE = `.${SERVER_TOAST}, [${PREMIUM_PROMPT_MARK}]`;

/**
 * A page's HTML as it is kept for back and forward and for offline use: without the server's
 * toasts and premium prompt, which told what failed when the page was rendered. Kept in, they
 * showed again on every return to the page (the toast's 1.5 s starts anew), with nothing asked.
 */
export function htmlToKeep(page: Document): string {
  // Most pages hold none: those are kept as they are, with no copy of the whole document made.
  if (!page.querySelector(TOLD_ONCE)) return `<!doctype html>${page.documentElement.outerHTML}`;
  const root = page.documentElement.cloneNode(true) as HTMLElement;
  root.querySelectorAll(TOLD_ONCE).forEach((told) => told.remove());
  return `<!doctype html>${root.outerHTML}`;
}

/** The id of the shell's live region that reads the server's toasts out (App.astro). */
export const TOAST_ANNOUNCER_ID = 'toast-announcer';
/** How long after the page (or its swap) the announcer takes the words: into a region already in place. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * The toasts the server's HTML of the page now shown holds: the store does not show their words
 * again while they show (toasts.ts), and the shell's announcer reads them out. A screen reader
 * does not read a live region that holds its words from the start (the server's toast arrives
 * with them), and the store's own region, which it would read, leaves them out. Each toast is
 * told once, though this runs again when a streamed part arrives.
 */
export function noteServerToastsIn(doc: ParentNode = document): void {
  const told: string[] = [];
  for (const toast of doc.querySelectorAll(`.${SERVER_TOAST}:not([data-told])`)) {
    toast.setAttribute('data-told', '');
    const words = toast.textContent?.trim();
    if (!words) continue;
    noteServerToast(words);
    told.push(words);
  }
  if (told.length > 0) announce(told.join('. '));
}

function announce(words: string): void {
  setTimeout(() => {
    const announcer = document.getElementById(TOAST_ANNOUNCER_ID);
    if (!announcer) return;
    announcer.textContent = words;
    // Emptied once the toast has gone, so the same words can be told again later.
    setTimeout(() => {
      if (announcer.textContent === words) announcer.textContent = '';
    }, TOAST_DURATION_MS);
  }, ANNOUNCE_DELAY_MS);
}
