import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, httpError, mapRequestError, QUOTA_SPENT } from '../../src/api/errors';
import { laterDeadline, limitedUntil, secondsLeft } from '../../src/api/rate-limit';
import { setPlayerClock } from '../../src/lib/clock';
import { $limitedUntil, $limitSecondsLeft, noteLimitedUntil, noteRateLimit } from '../../src/stores/provider-limit';
import { manualClock } from './helpers/manual-clock';

// Issue 28's honest network state: the decision "limited until T" (pure), and the store that
// keeps the deadline and counts down on a clock the test moves.

const NOW = 1_800_000_000_000;
const limited = (retryAfter: string | null, body: unknown = { error: { status: 429, message: 'API rate limit exceeded' } }) =>
  httpError(429, body, retryAfter);
const quotaSpent = () => limited('60', { error: { status: 429, message: 'Quota exceeded', reason: 'QUOTA_EXCEEDED' } });

describe('limitedUntil: when a failure says the provider limits the site until', () => {
  it('a 429 with Retry-After: now plus that many seconds', () => {
    expect(limitedUntil(limited('12'), NOW)).toBe(NOW + 12_000);
    expect(limitedUntil(limited('0'), NOW)).toBe(NOW);
  });

  it('a 429 without Retry-After (or an unreadable one): the client\'s one-second wait', () => {
    expect(limitedUntil(limited(null), NOW)).toBe(NOW + 1000);
    expect(limitedUntil(limited('soon'), NOW)).toBe(NOW + 1000);
  });

  it('a spent quota is not a wait, and nothing else is a rate limit', () => {
    expect(limitedUntil(quotaSpent(), NOW)).toBeNull();
    expect(limitedUntil(httpError(503, {}, '5'), NOW)).toBeNull();
    expect(limitedUntil(new ApiError('network', 'Failed to fetch'), NOW)).toBeNull();
    expect(limitedUntil(new Error('429'), NOW)).toBeNull();
  });

  it('of two deadlines the later holds; the countdown shows whole seconds, a part counting as one', () => {
    expect(laterDeadline(null, NOW)).toBe(NOW);
    expect(laterDeadline(NOW + 5000, NOW + 2000)).toBe(NOW + 5000);
    expect(laterDeadline(NOW + 2000, null)).toBe(NOW + 2000);
    expect(secondsLeft(NOW + 12_000, NOW)).toBe(12);
    expect(secondsLeft(NOW + 11_001, NOW)).toBe(12);
    expect(secondsLeft(NOW + 1, NOW)).toBe(1);
    expect(secondsLeft(NOW, NOW)).toBe(0);
    expect(secondsLeft(NOW - 5, NOW)).toBe(0);
    expect(secondsLeft(null, NOW)).toBe(0);
  });

  it('the error catalogue: a rate limit toasts nothing (the top bar says it); a spent quota says so', () => {
    expect(mapRequestError(limited('3'))).toEqual({ type: 'silent' });
    expect(mapRequestError(limited('3', { error: { status: 429 } }))).toEqual({ type: 'silent' });
    expect(mapRequestError(quotaSpent())).toEqual({ type: 'toast', message: QUOTA_SPENT });
  });
});

describe('$limitSecondsLeft: the top bar\'s countdown', () => {
  let clock: ReturnType<typeof manualClock>;
  beforeEach(() => {
    clock = manualClock(NOW);
    setPlayerClock(clock);
  });
  afterEach(() => {
    // Runs any countdown out, so the next test starts with none.
    clock.advance(3_600_000);
    setPlayerClock(null);
  });

  it('a 429 starts it at Retry-After\'s seconds; it counts down on the clock and ends by itself, its timer stopped', () => {
    expect($limitSecondsLeft.get()).toBe(0);
    noteRateLimit(limited('3'));
    expect($limitedUntil.get()).toBe(NOW + 3000);
    expect($limitSecondsLeft.get()).toBe(3);
    clock.advance(1000);
    expect($limitSecondsLeft.get()).toBe(2);
    clock.advance(1999);
    expect($limitSecondsLeft.get()).toBe(1);
    clock.advance(1);
    expect($limitSecondsLeft.get()).toBe(0);
    expect($limitedUntil.get()).toBeNull();
    expect(clock.running()).toBe(0);
  });

  it('a later limit extends it and an earlier one does not shorten it; one timer runs however many 429s came', () => {
    noteRateLimit(limited('5'));
    clock.advance(1000);
    noteRateLimit(limited('1'));
    expect($limitSecondsLeft.get()).toBe(4);
    noteLimitedUntil(clock.now() + 10_000);
    expect($limitSecondsLeft.get()).toBe(10);
    expect(clock.running()).toBe(1);
    clock.advance(10_000);
    expect($limitSecondsLeft.get()).toBe(0);
  });

  it('a spent quota, and an end already past (an old page shown again), start nothing', () => {
    noteRateLimit(quotaSpent());
    noteLimitedUntil(NOW - 1000);
    expect($limitSecondsLeft.get()).toBe(0);
    expect($limitedUntil.get()).toBeNull();
    expect(clock.running()).toBe(0);
  });
});
