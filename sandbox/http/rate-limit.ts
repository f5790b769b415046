import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../context';
import { apiError } from './errors';

/** The provider counts an app's calls over a rolling 30-second window. */
export const RATE_WINDOW_MS = 30_000;

/**
 * SANDBOX_RATE_LIMIT: at most `limit` Web API calls per access token in any 30 s; the
 * next one is a 429 whose Retry-After says when the oldest call leaves the window, so the
 * client's backoff meets a real limit under load. Refused calls do not count.
 */
export function rateLimit(limit: number, now: () => number): MiddlewareHandler<SandboxEnv> {
  const calls = new Map<string, number[]>();
  let lastSweep = now();
  return async (c, next) => {
    const key = c.req.header('authorization') ?? '';
    const time = now();
    // Tokens that stopped calling are forgotten, so the map never outgrows the live ones.
    if (time - lastSweep > RATE_WINDOW_MS) {
      for (const [token, times] of calls) if (times[times.length - 1]! <= time - RATE_WINDOW_MS) calls.delete(token);
      lastSweep = time;
    }
    const times = (calls.get(key) ?? []).filter((at) => at > time - RATE_WINDOW_MS);
    if (times.length >= limit) {
      calls.set(key, times);
      const retryAfter = Math.max(1, Math.ceil((times[0]! + RATE_WINDOW_MS - time) / 1000));
      c.header('Retry-After', String(retryAfter));
      return apiError(c, 429, 'API rate limit exceeded');
    }
    times.push(time);
    calls.set(key, times);
    return next();
  };
}
