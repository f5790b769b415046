import wretch from 'wretch';
import FormUrlAddon from 'wretch/addons/formUrl';
import type { TokenClient } from '../config/provider';
import { withTimeLimit } from '../lib/time-limit';
import { renewAt } from '../lib/token-timing';

/** The tokens the product keeps: access, refresh (may be absent), the expiry and when to renew, in epoch ms. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
  /** When to refresh ahead of the expiry (renewAt in lib/token-timing.ts); null with no known lifetime. */
  renewAt: number | null;
}

/** How a refresh ended: new tokens, refused by the token URL (sign in again), or the token URL not reached. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

/** A refusal by the token URL, e.g. `invalid_grant` once a refresh token has died (DESIGN §2). */
export class TokenError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    description?: string,
  ) {
    super(description ?? code);
    this.name = 'TokenError';
  }
}

/**
 * Whether the token URL's answer says no to this grant (invalid_grant, a refresh token six months
 * old, or any other 4xx it means), so the user signs in again (DESIGN §2), rather than "not now":
 * a 5xx, a 429 or a 408 is the provider failing for a moment, and nobody is signed out for that.
 */
export const isTokenRefusal = (error: TokenError): boolean => error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/** A token answer: the token URL's JSON. */
interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
}

/** Turns a token answer into our token set; a refresh answer without a new refresh token keeps the old one. */
export function toTokenSet(body: TokenResponse, previousRefreshToken: string | null = null, now = Date.now()): TokenSet {
  if (!body.access_token) throw new TokenError('invalid_response', 200, 'The token answer has no access_token');
  const expiresIn = Number(body.expires_in);
  const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : null;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token || previousRefreshToken,
    expiresAt: lifetimeMs === null ? null : now + lifetimeMs,
    renewAt: lifetimeMs === null ? null : renewAt(now, lifetimeMs),
  };
}

/**
 * SPEC §9's 30 s time-out holds for the token URL too: a hung accounts service must not hold a
 * sign-in, or every page whose token is due, for the minutes Node would wait. Given up, the call
 * counts as unreachable (never a refusal: the session stays); the refresh ledger's claim is
 * renewed until then (src/server/refresh-ledger.ts).
 */
export const TOKEN_URL_TIMEOUT_MS = 30_000;

// The token URL is not under the API base, and its errors are OAuth's
// ({"error":"invalid_grant"}), not the API envelope, so it has its own small chain. Only the
// site's server calls it (DESIGN §1): a confidential client authenticates with HTTP Basic.
async function postToTokenUrl(client: TokenClient, form: Record<string, string>): Promise<TokenResponse> {
  let chain = wretch(client.tokenUrl).addon(FormUrlAddon);
  if (client.clientSecret) {
    chain = chain.auth(`Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`);
  }
  try {
    return await withTimeLimit(TOKEN_URL_TIMEOUT_MS, 'The token URL did not answer in time', (signal) =>
      chain.options({ signal }).formUrl(form).post().json<TokenResponse>(),
    );
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (typeof status !== 'number') throw error;
    const body = (error as { json?: { error?: unknown; error_description?: unknown } }).json;
    const code = typeof body?.error === 'string' ? body.error : 'token_request_failed';
    const description = typeof body?.error_description === 'string' ? body.error_description : undefined;
    throw new TokenError(code, status, description);
  }
}

/** Exchanges an authorization code and its PKCE verifier for tokens. */
export async function exchangeCode(client: TokenClient, code: string, verifier: string): Promise<TokenSet> {
  const body = await postToTokenUrl(client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    code_verifier: verifier,
  });
  return toTokenSet(body);
}

/** Uses a refresh token; refresh tokens rotate, so the answer's new one replaces it. */
export async function refreshTokens(client: TokenClient, refreshToken: string): Promise<TokenSet> {
  const body = await postToTokenUrl(client, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
  });
  return toTokenSet(body, refreshToken);
}
