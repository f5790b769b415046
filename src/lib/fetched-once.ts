/**
 * A lazy part's chunk, fetched once: by `React.lazy` when it first shows, or ahead of that when
 * the user is about to need it (a pointer over its button, a page that will show it), so that
 * it is usually there by then. The promise is shared, so the two never fetch twice.
 */
export function fetchedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let fetched: Promise<T> | null = null;
  return () => {
    if (!fetched) {
      fetched = load();
      // Fetched ahead, it may fail before the view asks for it: the view meets (and reports) that when it shows.
      fetched.catch(() => undefined);
    }
    return fetched;
  };
}
