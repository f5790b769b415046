import Redis from 'ioredis';

let client: Redis | null = null;

/**
 * The one Redis connection of this site instance, or null without REDIS_URL. The refresh
 * ledger uses it; Astro's session driver holds its own connection to the same server.
 */
export function sharedRedis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  client ??= new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return client;
}
