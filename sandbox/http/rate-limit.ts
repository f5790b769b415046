import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../context';
import { apiError } from './errors';

/** The provider counts an app's calls over a rolling 30-second window. */
export const RATE_WINDOW_MS = 30_000;

/** How many Web API calls a token may make in a rolling window (calls 0: no limit). */
export interface RateLimitSettings {
  calls: number;
  windowMs: number;
}

/**
 * SANDBOX_RATE_LIMIT: at most `calls` Web API calls per access token in any window (30 s
 * unless a test chose another through the fault API); the next one is a 429 whose
 * Retry-After says when the oldest call leaves the window, so the client's backoff meets a
 * real limit under load. Refused calls do not count. `set` replaces the settings at run time
 * (POST /__sandbox/rate-limit) and forgets the calls counted so far.
 */
export function createRateLimit(initial: RateLimitSettings, now: () => number) {
  let settings = initial;
  let calls = new Map<string, number[]>();
  let lastSweep = now();
  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const { calls: limit, windowMs } = settings;
    if (limit <= 0) return next();
    const key = c.req.header('authorization') ?? '';
    const time = now();
    // Tokens that stopped calling are forgotten, so the map never outgrows the live ones.
    if (time - lastSweep > windowMs) {
      for (const [token, times] of calls) if (times[times.length - 1]! <= time - windowMs) calls.delete(token);
      lastSweep = time;
    }
    const times = (calls.get(key) ?? []).filter((at) => at > time - windowMs);
    if (times.length >= limit) {
      calls.set(key, times);
      const retryAfter = Math.max(1, Math.ceil((times[0]! + windowMs - time) / 1000));
      c.header('Retry-After', String(retryAfter));
      return apiError(c, 429, 'API rate limit exceeded');
    }
    times.push(time);
    calls.set(key, times);
    return next();
  };
  return {
    middleware,
    set(next: RateLimitSettings): void {
      settings = next;
      calls = new Map();
    },
  };
}
