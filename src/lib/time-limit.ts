/**
 * Runs `call` with a signal that aborts after `ms` (a timer, so a test's fake timers drive it):
 * for a request with no other bound, the token URL's and the page's own token request. Aborted,
 * it rejects with `reason`, which no caller reads as the other side's refusal.
 */
export async function withTimeLimit<T>(ms: number, reason: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(reason)), ms);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
