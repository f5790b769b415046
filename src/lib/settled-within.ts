/**
 * `load`'s value if it settles within `ms`, else null: for a part of a page that is shown only
 * when it is ready in time (the rest of a streamed page, what plays). A `load` that fails is its
 * failure, as awaiting it would be.
 */
export async function settledWithin<T>(load: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  try {
    return await Promise.race([load.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
