/**
 * Which route's server render a store adopted, so that route's entry asks the provider
 * nothing (the store holds the server's answer already, or the page's island is about to give
 * it: `seedOnItsWay`). The mark is spent by the next entry, whichever it is, and dropped on
 * leaving: an adopt that came after its route's entry does not stop a later visit from
 * loading. One rule for the list areas, search and recent plays.
 */
export interface AdoptionMark {
  /** The server's render for this route key was adopted. */
  mark(key: string): void;
  /** On a route's entry: whether the server's render serves it (adopted, or on its way). Spends the mark either way. */
  take(key: string): boolean;
  /** Leaving the route: the mark is dropped. */
  clear(): void;
}

export function createAdoptionMark(): AdoptionMark {
  let marked: string | null = null;
  return {
    mark(key) {
      marked = key;
    },
    take(key) {
      const adopted = marked === key;
      marked = null;
      return adopted || seedOnItsWay();
    },
    clear() {
      marked = null;
    },
  };
}

/**
 * Whether the page in view still has a content island the server rendered and React has not
 * hydrated yet: it carries its seed and will adopt it. A page swap announces its route before
 * the new page's islands hydrate, and a store the leaving page still holds (nanostores keeps a
 * store mounted a moment after its last listener) is entered then: it asks the provider nothing,
 * as the adopt that follows fills it. False on the server, in the offline shell, and once the
 * page's islands have hydrated (a route changed without a new page).
 */
export function seedOnItsWay(): boolean {
  return typeof document !== 'undefined' && document.querySelector('#content astro-island[ssr]') !== null;
}
