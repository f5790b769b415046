import Redis, { type RedisOptions } from 'ioredis';

/**
 * How every Redis connection of the site fails when Redis does: at once, not after a hang. A
 * command waits a second at most (Redis answers in well under a millisecond; ioredis has no
 * time-out by default, so a Redis that accepts connections but never answers held each request
 * for ever), and a lost connection fails a command after one reconnection attempt (the default,
 * twenty, is about ten seconds). The request then says what failed instead of waiting; Redis back,
 * the next command goes through.
 */
export const REDIS_OPTIONS = {
  commandTimeout: 1_000,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: true,
} satisfies RedisOptions;

let client: Redis | null = null;

/** What a Redis connection tells as it goes and comes back (ioredis's events). */
type RedisEvents = Pick<Redis, 'on'>;

/**
 * Says once that Redis went away and once that it is back. Without a listener of its errors,
 * ioredis printed "Unhandled error event" with a stack trace at every reconnection attempt,
 * every two seconds for as long as Redis was down, with nobody using the site. What failed for a
 * request is logged where it failed (the session store, the catalogue cache).
 */
export function reportOutages(redis: RedisEvents, log: Pick<Console, 'warn' | 'info'> = console): void {
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(`Redis cannot be reached (${error.message}); trying again`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis answers again');
  });
}

/**
 * The one Redis connection of this site instance, or null without REDIS_URL. The session
 * store, the refresh ledger and the catalogue cache use it.
 */
export function sharedRedis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  if (!client) {
    client = new Redis(url, REDIS_OPTIONS);
    reportOutages(client);
  }
  return client;
}
