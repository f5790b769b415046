import type { ProviderConfig } from './provider-config';

/**
 * Authorization code with PKCE (S256) and state, DESIGN §2. The verifier and
 * state live in sessionStorage (JSON text, like localStorage values) between
 * the redirect to the provider and /callback: they belong to this tab's one
 * login attempt. This module is the only PKCE code: /auth inlines it, bundled at
 * build time (src/layouts/login-script.ts), and /callback reads the attempt back.
 */
export const PKCE_STORAGE_KEYS = {
  verifier: 'PKCE_VERIFIER',
  state: 'PKCE_STATE',
} as const;

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

/** Prepares a login attempt: stores verifier and state in sessionStorage and returns the authorize URL. */
export async function prepareLogin(config: ProviderConfig): Promise<string> {
  const verifier = createCodeVerifier();
  const state = createState();
  sessionStorage.setItem(PKCE_STORAGE_KEYS.verifier, JSON.stringify(verifier));
  sessionStorage.setItem(PKCE_STORAGE_KEYS.state, JSON.stringify(state));
  return buildAuthorizeUrl(config, await createCodeChallenge(verifier), state);
}

/** Takes (reads and removes) the stored verifier and state: each is good for one callback only. */
export function takeLoginAttempt(): { verifier: string | null; state: string | null } {
  const verifier = readSessionText(PKCE_STORAGE_KEYS.verifier);
  const state = readSessionText(PKCE_STORAGE_KEYS.state);
  try {
    sessionStorage.removeItem(PKCE_STORAGE_KEYS.verifier);
    sessionStorage.removeItem(PKCE_STORAGE_KEYS.state);
  } catch (error) {
    console.error('Could not remove the login attempt', error);
  }
  return { verifier, state };
}

function readSessionText(key: string): string | null {
  try {
    const text = sessionStorage.getItem(key);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch (error) {
    console.error(`Could not read ${key} from session storage`, error);
    return null;
  }
}
