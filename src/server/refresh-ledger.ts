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
  /**
   * Claims the one spending of it for `holder` (a name of this one request); false while another
   * holds the claim. A claim is a lease: it lapses after CLAIM_LEASE_MS unless its holder renews it.
   */
  claim(key: string, holder: string): Promise<boolean>;
  /**
   * Keeps `holder`'s claim another lease while its token request runs, taking it again if it lapsed
   * meanwhile (a stalled instance) and nobody has claimed since; nothing when another holds it.
   */
  renew(key: string, holder: string): Promise<void>;
  /** Records what the spending gave (null: the token URL was not reached, so it was not spent) and lets `holder`'s claim go. */
  settle(key: string, result: SpentRefresh | null, holder: string): Promise<void>;
}

/** How long a spent refresh token's answer is kept for late requests that still carry it. */
const KEEP_ANSWER_MS = 60_000;
/**
 * How long a claim holds unless its holder renews it (every third of it, src/server/refresher.ts).
 * A lease rather than a claim as long as the token request's time-out: the holder renews it while
 * it is alive, so a hung request still keeps it, but an instance killed while it held a claim
 * lets the others go on after seconds, not after the 30 s a request may take.
 */
export const CLAIM_LEASE_MS = 6_000;

/** One instance's ledger, in memory. */
export function memoryLedger(now: () => number = Date.now, leaseMs = CLAIM_LEASE_MS): RefreshLedger {
  const answers = new Map<string, { result: SpentRefresh; until: number }>();
  const claims = new Map<string, { holder: string; until: number }>();
  const heldBy = (key: string, holder: string) => {
    const claim = claims.get(key);
    return claim !== undefined && claim.holder === holder && claim.until > now();
  };
  return {
    async find(key) {
      const answer = answers.get(key);
      if (answer && answer.until <= now()) answers.delete(key);
      return answer && answer.until > now() ? answer.result : null;
    },
    async claim(key, holder) {
      const claim = claims.get(key);
      if (claim !== undefined && claim.until > now()) return false;
      claims.set(key, { holder, until: now() + leaseMs });
      return true;
    },
    async renew(key, holder) {
      const claim = claims.get(key);
      if (claim === undefined || claim.until <= now() || claim.holder === holder) claims.set(key, { holder, until: now() + leaseMs });
    },
    async settle(key, result, holder) {
      if (result) answers.set(key, { result, until: now() + KEEP_ANSWER_MS });
      if (heldBy(key, holder)) claims.delete(key);
      // Old answers go as new ones come, so the map never grows past a minute's refreshes.
      for (const [old, answer] of answers) if (answer.until <= now()) answers.delete(old);
    },
  };
}

/** Redis scripts: a claim is renewed (or taken again, lapsed and free) or let go only by its holder (one that lapsed may be another's by now). */
const RENEW_IF_HELD =
  "local held = redis.call('get', KEYS[1]) if held == false or held == ARGV[1] then return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 0";
const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** The ledger every instance sharing REDIS_URL reads and writes. */
export function redisLedger(redis: NonNullable<ReturnType<typeof sharedRedis>>, leaseMs = CLAIM_LEASE_MS): RefreshLedger {
  const answerKey = (key: string) => `my-music:refresh:${key}:answer`;
  const claimKey = (key: string) => `my-music:refresh:${key}:claim`;
  return {
    async find(key) {
      const text = await redis.get(answerKey(key));
      return text ? (JSON.parse(text) as SpentRefresh) : null;
    },
    async claim(key, holder) {
      return (await redis.set(claimKey(key), holder, 'PX', leaseMs, 'NX')) === 'OK';
    },
    async renew(key, holder) {
      await redis.eval(RENEW_IF_HELD, 1, claimKey(key), holder, leaseMs);
    },
    async settle(key, result, holder) {
      if (result) await redis.set(answerKey(key), JSON.stringify(result), 'PX', KEEP_ANSWER_MS);
      await redis.eval(RELEASE_IF_HELD, 1, claimKey(key), holder);
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
