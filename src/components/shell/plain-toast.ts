import { announce } from '../../lib/announce';
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
    stackWhileShown(toast);
    setTimeout(() => {
      toast.remove();
      stackServerToasts(doc);
    }, TOAST_DURATION_MS + 100);
  }
  stackServerToasts(doc);
}

/** The room between two toasts: the browser's own list's gap (shell.css: .toasts), the theme's --space. */
const toastGapOf = (doc: Document) => parseFloat(doc.defaultView!.getComputedStyle(doc.documentElement).getPropertyValue('--space')) || 0;
/** A server's toast that has left (its style sheet hid it after its 1.5 s): it takes no room. */
const GONE = 'data-gone';

/**
 * Sets the server's toasts showing one under another from the top centre, and the browser's
 * (Toasts.tsx) under them all: each is fixed at the same spot (SPEC §8), and two at once lay one
 * on the other, one unread. That happens when a page the server rendered with a toast comes
 * while the browser shows one (a heart that failed just before a link was followed), or when
 * toasts show without their island (above). The room goes with the page (it is the body's).
 */
function stackServerToasts(doc: Document): void {
  // A page parsed, not shown, has nothing to lay out.
  if (!doc.body || !doc.defaultView) return;
  const gap = toastGapOf(doc);
  let room = 0;
  for (const toast of doc.querySelectorAll<HTMLElement>(`.${SERVER_TOAST}:not([${GONE}])`)) {
    toast.style.setProperty('--server-toast-above', `${room}px`);
    room += toast.offsetHeight + gap;
  }
  if (room > 0) doc.body.style.setProperty('--server-toasts-room', `${room}px`);
  else doc.body.style.removeProperty('--server-toasts-room');
}

/** Takes a server's toast out of the stack once it has left, so those under it move up. */
function stackWhileShown(toast: HTMLElement): void {
  const view = toast.ownerDocument.defaultView;
  // Already gone when the shell's script came (a page slow to load it): it takes no room.
  if (view?.getComputedStyle(toast).visibility === 'hidden') toast.setAttribute(GONE, '');
  toast.addEventListener('animationend', (event) => {
    if (event.target !== toast) return;
    toast.setAttribute(GONE, '');
    stackServerToasts(toast.ownerDocument);
  });
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

/** How long after the page (or its swap) the announcer takes the words: into a region already in place. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * The toasts the server's HTML of the page now shown holds: the store does not show their words
 * again while they show (toasts.ts), and the shell's announcer reads them out. A screen reader
 * does not read a live region that holds its words from the start (the server's toast arrives
 * with them), and the store's own region, which it would read, leaves them out. Each toast is
 * told once, though this runs again when a streamed part arrives. They are set in the stack of
 * toasts showing (stackServerToasts), a streamed part's under the shell's.
 */
export function noteServerToastsIn(doc: ParentNode = document): void {
  const told: string[] = [];
  for (const toast of doc.querySelectorAll<HTMLElement>(`.${SERVER_TOAST}:not([data-told])`)) {
    toast.setAttribute('data-told', '');
    stackWhileShown(toast);
    const words = toast.textContent?.trim();
    if (!words) continue;
    noteServerToast(words);
    told.push(words);
  }
  // Emptied once the toast has gone.
  if (told.length > 0) announce(told.join('. '), { delayMs: ANNOUNCE_DELAY_MS, forMs: TOAST_DURATION_MS });
  const page = doc instanceof Document ? doc : (doc as Node).ownerDocument;
  if (page) stackServerToasts(page);
}
