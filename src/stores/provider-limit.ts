import { atom } from 'nanostores';
import type { ApiError } from '../api/errors';
import { laterDeadline, limitedUntil, secondsLeft } from '../api/rate-limit';
import { playerClock } from '../lib/clock';

// Issue 28's honest network state: while the provider rate-limits the site, the top bar
// says so and counts down, then the indicator goes by itself. A 429 met by a call of this
// page (src/stores/session.ts wires the client to noteRateLimit) or by the server's render
// of it (the page's `data-limited-until` mark, read by the shell) sets the deadline.

/** When the provider's rate limit on this site ends (ms since the epoch); null while it does not limit it. */
export const $limitedUntil = atom<number | null>(null);

/** The whole seconds the top bar's countdown shows; 0 while nothing is limited (no indicator). */
export const $limitSecondsLeft = atom(0);

// How often the countdown reads the clock: often enough that each second shows about on time.
const TICK_MS = 250;
let ticking: unknown = null;

function tick(): void {
  const left = secondsLeft($limitedUntil.get(), playerClock().now());
  $limitSecondsLeft.set(left);
  if (left > 0) return;
  $limitedUntil.set(null);
  if (ticking !== null) playerClock().clearInterval(ticking);
  ticking = null;
}

/** Counts down to the end of a rate limit (ms since the epoch); of two limits, the later end holds. */
export function noteLimitedUntil(until: number): void {
  const kept = laterDeadline($limitedUntil.get(), until);
  if (kept === $limitedUntil.get()) return;
  $limitedUntil.set(kept);
  tick();
  if (ticking === null && $limitSecondsLeft.get() > 0) ticking = playerClock().setInterval(tick, TICK_MS);
}

/** A 429 the provider answered one of this page's calls (ApiClientWiring.onRateLimited). */
export function noteRateLimit(error: ApiError): void {
  const until = limitedUntil(error, playerClock().now());
  if (until !== null) noteLimitedUntil(until);
}
