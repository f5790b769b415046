import type { ProviderConfig } from './provider-config';

/**
 * Authorization code with PKCE (S256) and state, DESIGN §2: the pieces of one login
 * attempt. The site's server makes them when a sign-in starts (src/server/login-attempt.ts)
 * and checks them on /callback; this module is the only PKCE code.
 */

// RFC 7636 §4.1: the verifier uses the unreserved characters only.
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

function randomText(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let text = '';
  // The slight modulo bias (256 is not a multiple of 66) costs well under a bit of entropy here.
  for (const byte of bytes) text += UNRESERVED[byte % UNRESERVED.length];
  return text;
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new code verifier: 64 unreserved characters (RFC 7636 allows 43 to 128). */
export function createCodeVerifier(): string {
  return randomText(64);
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)) without padding. */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(digest);
}

/** A new random state, checked on /callback against the one stored before the redirect. */
export function createState(): string {
  return randomText(32);
}

/** The provider's authorize URL for one login attempt. */
export function buildAuthorizeUrl(config: ProviderConfig, challenge: string, state: string): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: config.scopes.join(' '),
    code_challenge_method: 'S256',
    code_challenge: challenge,
    state,
  }).toString();
  return url.toString();
}
