import fsLiteDriver from 'unstorage/drivers/fs-lite';
import redisDriver from 'unstorage/drivers/redis';
import { SESSION_TTL_SECONDS } from './session-cookie';

/**
 * The store behind Astro's sessions, chosen when the site starts rather than when it is
 * built, so one build serves one instance or many: with REDIS_URL every instance keeps its
 * sessions in that Redis (a load balancer may send a user to any of them, and a restarted
 * instance loses nobody); without it they are files on this machine's disk (SESSION_DIR,
 * default `.data/sessions`), which needs nothing installed.
 */
export default function sessionDriver() {
  const url = process.env.REDIS_URL;
  if (url) return redisDriver({ url, base: 'my-music:session', ttl: SESSION_TTL_SECONDS });
  return fsLiteDriver({ base: process.env.SESSION_DIR ?? '.data/sessions' });
}
