import { createHash, randomUUID } from 'node:crypto';
import { isTokenRefusal, TokenError, type TokenSet } from '../api/auth';
import { CLAIM_LEASE_MS, type RefreshLedger, type SpentRefresh } from './refresh-ledger';

/** How a refresh ended for the session: new tokens, refused (the session is over), or the token URL not reached. */
export type RefreshResult = SpentRefresh | { kind: 'unreachable' };

interface RefresherOptions {
  /** Spends a refresh token at the token URL (src/api/auth.ts refreshTokens). */
  spend(refreshToken: string): Promise<TokenSet>;
  ledger: RefreshLedger;
  /** How often a request waiting on another's claim looks for its answer, and for how long. */
  pollMs?: number;
  waitMs?: number;
  /** How often the claim's holder renews it while its token request runs. */
  renewMs?: number;
  sleep?(ms: number): Promise<void>;
}

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('base64url');

/**
 * Makes the one way a session's refresh token is spent: at most once, whichever request of
 * whichever instance asks first. Requests of this instance share one promise; requests of
 * other instances find the claim in the ledger and wait for its answer. A token URL that
 * could not be reached spent nothing, so the next request may try again.
 */
export function createRefresher({
  spend,
  ledger,
  pollMs = 50,
  // A live holder's token request may take its whole time-out (30 s); one a killed instance held lapses within a lease.
  waitMs = 35_000,
  renewMs = CLAIM_LEASE_MS / 3,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: RefresherOptions) {
  const inFlight = new Map<string, Promise<RefreshResult>>();

  /**
   * Notes an answer in the ledger. A ledger that fails then (Redis gone) changes nothing of the
   * answer: once a refresh token is spent, the tokens it gave are the session's only way on, and
   * the claim lapses by itself.
   */
  async function settle(key: string, result: SpentRefresh | null, holder: string): Promise<void> {
    try {
      await ledger.settle(key, result, holder);
    } catch (error) {
      console.error('The refresh ledger could not note the answer', error);
    }
  }

  async function settleOnce(key: string, refreshToken: string): Promise<RefreshResult> {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const known = await ledger.find(key);
      if (known) return known;
      const holder = randomUUID();
      if (await ledger.claim(key, holder)) {
        // Another request (here or on another instance) may have claimed, spent and settled
        // it between our look and our claim: its answer stands, and nothing is spent twice.
        const settled = await ledger.find(key);
        if (settled) {
          await settle(key, null, holder);
          return settled;
        }
        // The claim is kept while this request lives; a ledger that fails meanwhile lets it lapse
        // (said once: another instance may then spend the same token, and the later answer is refused).
        let warned = false;
        const renewing = setInterval(
          () =>
            void ledger.renew(key, holder).catch((error: unknown) => {
              if (!warned) console.warn('The refresh claim could not be renewed', error);
              warned = true;
            }),
          renewMs,
        );
        let result: RefreshResult;
        try {
          result = { kind: 'refreshed', tokens: await spend(refreshToken) };
        } catch (error) {
          console.error('Token refresh failed', error);
          result = error instanceof TokenError && isTokenRefusal(error) ? { kind: 'refused' } : { kind: 'unreachable' };
        } finally {
          clearInterval(renewing);
        }
        await settle(key, result.kind === 'unreachable' ? null : result, holder);
        return result;
      }
      await sleep(pollMs);
    }
    return { kind: 'unreachable' };
  }

  return function refresh(refreshToken: string): Promise<RefreshResult> {
    const key = hashOf(refreshToken);
    const running = inFlight.get(key);
    if (running) return running;
    const settling = settleOnce(key, refreshToken)
      .catch((error: unknown): RefreshResult => {
        // The ledger failed before anything was spent (Redis gone): the token URL was not asked.
        console.error('The refresh ledger failed', error);
        return { kind: 'unreachable' };
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, settling);
    return settling;
  };
}
