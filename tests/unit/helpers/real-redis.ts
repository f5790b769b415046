import Redis from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

// Redis is real here as in the e2e suite: npm test installs Debian's redis-server when missing.
const { redisServerPath, startRedis } = (await import(new URL('../../../scripts/lib/redis.mjs', import.meta.url).href)) as {
  redisServerPath(): string | null;
  startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
};

/** What a machine without redis-server is told: the tests of real Redis fail with this line rather than being skipped. */
export const NO_REDIS_SERVER =
  'redis-server not found: apt-get install redis-server (npm test installs it when run as root), or set REDIS_SERVER_PATH to a redis-server binary';

/**
 * A real redis-server for the describe block this is called in, started before its tests and
 * stopped after them. `clients(count)` gives that many connections to it (each instance of the
 * site has its own), the server emptied first; `client()` one more, of its own. Without a
 * redis-server every test of the block fails with NO_REDIS_SERVER: none is skipped.
 */
export function realRedis(): { clients(count: number): Promise<Redis[]>; client(): Redis } {
  let server: { url: string; stop(): Promise<void> } | undefined;
  const made: Redis[] = [];
  beforeAll(async () => {
    if (redisServerPath() === null) throw new Error(NO_REDIS_SERVER);
    server = await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const client of made) client.disconnect();
    await server?.stop();
  });
  const client = () => {
    const connection = new Redis(server!.url);
    made.push(connection);
    return connection;
  };
  return {
    client,
    async clients(count) {
      while (made.length < count) client();
      await made[0]!.flushall();
      return made.slice(0, count);
    },
  };
}
