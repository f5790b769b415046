// SPEC §8's toasts show for 1.5 s: on a busy machine a test's polling can miss one that did
// show. Recording each as it appears (the page's toasts and the server's, ServerToast.astro)
// lets a test ask what the user was told, however late it looks.
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Where a toast's words appear: the page's toast area, and the toast the server put in a page it rendered. */
const TOAST_SELECTOR = '.toasts .toast, .server-toast';

/** The toasts on screen now. */
export const toasts = (page: Page) => page.locator(TOAST_SELECTOR);

declare global {
  interface Window {
    /** The words of every toast this document showed, in order (helpers/toasts.ts). */
    __toastsShown?: string[];
  }
}

/**
 * Starts recording the toasts of every document the context's pages open from now on. The
 * fixtures do it for every test's context (fixtures.ts), so a test just asks expectToastShown.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((selector) => {
    const shown: string[] = (window.__toastsShown = []);
    const seen = new WeakSet<Element>();
    const note = () => {
      for (const toast of document.querySelectorAll(selector)) {
        const words = toast.textContent?.trim() ?? '';
        if (seen.has(toast) || words === '') continue;
        seen.add(toast);
        shown.push(words);
      }
    };
    // Parser-inserted nodes are observed too, so a server toast in the HTML is recorded as it arrives.
    new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  }, TOAST_SELECTOR);
}

/** The words of every toast the page's current document showed. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__toastsShown ?? []);
}

/** Waits until the page's current document has shown a toast containing `words`. */
export async function expectToastShown(page: Page, words: string): Promise<void> {
  await expect.poll(() => toastsShown(page), { message: `a toast saying "${words}"` }).toContainEqual(expect.stringContaining(words));
}
