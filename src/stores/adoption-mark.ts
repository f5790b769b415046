/**
 * Which route's server render a store adopted, so that route's entry asks the provider
 * nothing (the store holds the server's answer already). The mark is spent by the next
 * entry, whichever it is, and dropped on leaving: an adopt that came after its route's
 * entry does not stop a later visit from loading. One rule for the list areas, search and
 * recent plays.
 */
export interface AdoptionMark {
  /** The server's render for this route key was adopted. */
  mark(key: string): void;
  /** On a route's entry: whether it is the adopted one. Spends the mark either way. */
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
      return adopted;
    },
    clear() {
      marked = null;
    },
  };
}
