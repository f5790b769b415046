import type { TokenSet } from '../api/auth';
import { sharedRedis } from './redis';

/** What spending one refresh token gave: new tokens, or the token URL's refusal (sign in again). */
export type SpentRefresh = { kind: 'refreshed'; tokens: TokenSet } | { kind: 'refused' };

/**
 * Where every request, on every instance of the site, notes the spending of a refresh
 * token. Refresh tokens rotate: spent twice, the second answer is invalid_grant and the
 * user is signed out, so two page loads that both find the access token expiring must
 * spend it once and share the answer. Keys are hashes of refresh tokens, never the tokens.
 */
export interface RefreshLedger {
  /** What spending this refresh token gave, when it was spent within the last minute. */
  find(key: string): Promise<SpentRefresh | null>;
  /** Claims the one spending of it; false while another request holds the claim. */
  claim(key: string): Promise<boolean>;
  /** Records what the spending gave (null: the token URL was not reached, so it was not spent) and lets the claim go. */
  settle(key: string, result: SpentRefresh | null): Promise<void>;
}

/** How long a spent refresh token's answer is kept for late requests that still carry it. */
const KEEP_ANSWER_MS = 60_000;
/** A claim outlives a hung token request (30 s time-out) by a little, then lapses. */
const CLAIM_MS = 35_000;

/** One instance's ledger, in memory. */
export function memoryLedger(now: () => number = Date.now): RefreshLedger {
  const answers = new Map<string, { result: SpentRefresh; until: number }>();
  const claims = new Map<string, number>();
  return {
    async find(key) {
      const answer = answers.get(key);
      if (answer && answer.until <= now()) answers.delete(key);
      return answer && answer.until > now() ? answer.result : null;
    },
    async claim(key) {
      const until = claims.get(key);
      if (until !== undefined && until > now()) return false;
      claims.set(key, now() + CLAIM_MS);
      return true;
    },
    async settle(key, result) {
      if (result) answers.set(key, { result, until: now() + KEEP_ANSWER_MS });
      claims.delete(key);
      // Old answers go as new ones come, so the map never grows past a minute's refreshes.
      for (const [old, answer] of answers) if (answer.until <= now()) answers.delete(old);
    },
  };
}

/** The ledger every instance sharing REDIS_URL reads and writes. */
export function redisLedger(redis: NonNullable<ReturnType<typeof sharedRedis>>): RefreshLedger {
  const answerKey = (key: string) => `my-music:refresh:${key}:answer`;
  const claimKey = (key: string) => `my-music:refresh:${key}:claim`;
  return {
    async find(key) {
      const text = await redis.get(answerKey(key));
      return text ? (JSON.parse(text) as SpentRefresh) : null;
    },
    async claim(key) {
      return (await redis.set(claimKey(key), '1', 'PX', CLAIM_MS, 'NX')) === 'OK';
    },
    async settle(key, result) {
      if (result) await redis.set(answerKey(key), JSON.stringify(result), 'PX', KEEP_ANSWER_MS);
      await redis.del(claimKey(key));
    },
  };
}

let ledger: RefreshLedger | null = null;

/** This instance's ledger: Redis when REDIS_URL is set (instances share it), else memory. */
export function refreshLedger(): RefreshLedger {
  if (ledger) return ledger;
  const redis = sharedRedis();
  ledger = redis ? redisLedger(redis) : memoryLedger();
  return ledger;
}
