/**
 * When a token is renewed: a minute before it expires, or a quarter of its lifetime before
 * when it lives less than four minutes (a provider, or a test, with short tokens would
 * otherwise renew on every request). The server decides it once per token (src/api/auth.ts)
 * and hands it to the page with the token, so both renew by the same rule.
 */
export const RENEW_MARGIN_MS = 60_000;

/** The moment (epoch ms) to renew a token issued at `issuedAt` that lives `lifetimeMs`. */
export function renewAt(issuedAt: number, lifetimeMs: number): number {
  return issuedAt + lifetimeMs - Math.min(RENEW_MARGIN_MS, lifetimeMs / 4);
}

/** Whether a token is due for renewal at `now`; a token with no known lifetime never is. */
export function isDue(token: { renewAt: number | null }, now: number): boolean {
  return token.renewAt !== null && now >= token.renewAt;
}
