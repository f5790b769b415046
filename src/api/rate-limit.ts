import { ApiError, QUOTA_EXCEEDED } from './errors';

// Issue 28's honest network state: while the provider rate-limits the site (a 429 with
// Retry-After), the top bar says so and counts down. These are the pure decisions; the
// browser's store (src/stores/provider-limit.ts) and the server's page calls
// (src/server/page-calls.ts) keep the deadline, each with its own clock.

/** A 429 without Retry-After: the client waits one second before its one retry (DESIGN §5), and says so. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Whether a rejection is the provider saying this app's quota is spent. */
export function isQuotaSpent(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && error.reason === QUOTA_EXCEEDED;
}

/**
 * When the provider's rate limit that this failure reports ends (milliseconds since the
 * epoch, on the clock of `now`), or null when the failure is not a rate limit: any other
 * status, and a spent quota, which no wait ends.
 */
export function limitedUntil(error: unknown, now: number): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || isQuotaSpent(error)) return null;
  return now + (error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000;
}

/** Two deadlines of the same limit: the later one holds (an earlier call's shorter wait does not end it). */
export function laterDeadline(kept: number | null, next: number | null): number | null {
  if (kept === null) return next;
  if (next === null) return kept;
  return Math.max(kept, next);
}

/** The whole seconds the countdown shows at `now` (a part of a second counts as one); 0 once the limit is over. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null || until <= now ? 0 : Math.ceil((until - now) / 1000);
}
