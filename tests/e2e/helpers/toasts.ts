// SPEC §8's toasts show for 1.5 s: on a busy machine a test's polling can miss one that did
// show. Recording each as it appears (the page's toasts and the server's, ServerToast.astro)
// lets a test ask what the user was told, however late it looks.
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Where a toast's words appear: the page's toast area, and the toast the server put in a page it rendered. */
const TOAST_SELECTOR = '.toasts .toast, .server-toast';

/** The toasts of every document of a tab, as the tab's documents tell the test (`__toastShownInTab`). */
const toastsOfTabs = new WeakMap<Page, string[]>();

/** The toasts on screen now. */
export const toasts = (page: Page) => page.locator(TOAST_SELECTOR);

declare global {
  interface Window {
    /** The words of every toast this document showed, in order (helpers/toasts.ts). */
    __toastsShown?: string[];
    /** Tells the test of a toast with the path of the document that showed it (helpers/toasts.ts). */
    __toastShownInTab?: (toast: string) => Promise<void>;
  }
}

/**
 * Starts recording the toasts of every document the context's pages open from now on. The
 * fixtures do it for every test's context (fixtures.ts), so a test just asks expectToastShown.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__toastShownInTab', ({ page }, toast: string) => {
    toastsOfTabs.set(page, [...(toastsOfTabs.get(page) ?? []), toast]);
  });
  await context.addInitScript((selector) => {
    const shown: string[] = (window.__toastsShown = []);
    const seen = new WeakSet<Element>();
    const note = () => {
      for (const toast of document.querySelectorAll(selector)) {
        const words = toast.textContent?.trim() ?? '';
        if (seen.has(toast) || words === '') continue;
        seen.add(toast);
        shown.push(words);
        // And for the tab, across its documents: a toast on a page being left counts too.
        void window.__toastShownInTab?.(`${location.pathname}: ${words}`);
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

/** Every toast the tab showed, in order, across its documents, each as "<path>: <words>". */
export function toastsShownInTab(page: Page): string[] {
  return toastsOfTabs.get(page) ?? [];
}

/** Waits until the page's current document has shown a toast containing `words`. */
export async function expectToastShown(page: Page, words: string): Promise<void> {
  await expect.poll(() => toastsShown(page), { message: `a toast saying "${words}"` }).toContainEqual(expect.stringContaining(words));
}
