/** A lazy part's chunk: fetched once, and its module at hand once it has come. */
export interface FetchedOnce<T> {
  /** Fetches the chunk (once; every call shares the one promise). */
  (): Promise<T>;
  /** The module, once fetched; null before (and after a failed fetch). */
  current(): T | null;
}

/**
 * A lazy part's chunk, fetched once: when it first shows (src/components/use-fetched.ts), or
 * ahead of that when the user is about to need it (a pointer over its button, a page that will
 * show it), so that it is usually there by then.
 */
export function fetchedOnce<T>(load: () => Promise<T>): FetchedOnce<T> {
  let fetched: Promise<T> | null = null;
  let module: T | null = null;
  const fetch = () => {
    if (!fetched) {
      fetched = load().then((loaded) => (module = loaded));
      // Fetched ahead, it may fail before the view asks for it: the view meets (and reports) that when it shows.
      fetched.catch(() => undefined);
    }
    return fetched;
  };
  return Object.assign(fetch, { current: () => module });
}
