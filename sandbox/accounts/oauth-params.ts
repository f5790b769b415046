/** Every scope the provider knows; a request for anything else is refused on the sign-in page. */
export const KNOWN_SCOPES = new Set([
  'ugc-image-upload', 'user-read-playback-state', 'user-modify-playback-state', 'user-read-currently-playing',
  'app-remote-control', 'streaming', 'playlist-read-private', 'playlist-read-collaborative', 'playlist-modify-private',
  'playlist-modify-public', 'user-follow-modify', 'user-follow-read', 'user-read-playback-position', 'user-top-read',
  'user-read-recently-played', 'user-library-modify', 'user-library-read', 'user-read-email', 'user-read-private',
  'user-personalized',
]);

/** The only client registered with the sandbox (docs/ARCHITECTURE.md). */
export const CLIENT_ID = 'my-music';

/** Loopback literals on any port, path /callback: the provider's 2025 redirect rules, never "localhost". */
const REDIRECT_URI = /^http:\/\/(127\.0\.0\.1|\[::1\]):\d{1,5}\/callback$/;

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  scope: string;
  state: string | null;
  codeChallenge: string | null;
}

export type ParamSource = (name: string) => string | undefined;

/**
 * Checks the /authorize parameters. The error is shown on the page, never sent to the
 * redirect URI, because a redirect URI that failed the check must not receive anything.
 */
export function checkAuthorizeRequest(get: ParamSource): AuthorizeRequest | { error: string } {
  const clientId = get('client_id');
  if (!clientId) return { error: 'INVALID_CLIENT: Missing client_id' };
  if (clientId !== CLIENT_ID) return { error: 'INVALID_CLIENT: Invalid client' };
  const redirectUri = get('redirect_uri');
  if (!redirectUri) return { error: 'INVALID_CLIENT: Missing redirect_uri' };
  if (!REDIRECT_URI.test(redirectUri)) return { error: 'INVALID_CLIENT: Invalid redirect URI' };
  const responseType = get('response_type');
  if (responseType !== 'code' && responseType !== 'token') {
    return { error: `unsupported_response_type: response_type must be code or token${responseType ? ` (got "${responseType}")` : ''}` };
  }
  const scope = (get('scope') ?? '').trim();
  const unknown = scope.split(/\s+/).filter((s) => s && !KNOWN_SCOPES.has(s));
  if (unknown.length > 0) return { error: `INVALID_SCOPE: Invalid scope ${unknown.slice(0, 3).join(', ').slice(0, 200)}` };
  const state = get('state') ?? null;
  if (state !== null && (state.length > 500 || /[\u0000-\u001f]/.test(state))) return { error: 'invalid_request: state is too long or holds control characters' };
  let codeChallenge: string | null = null;
  if (responseType === 'code') {
    const method = get('code_challenge_method');
    const challenge = get('code_challenge');
    if (!challenge) return { error: 'invalid_request: code_challenge is required (PKCE)' };
    if (method !== 'S256') return { error: 'invalid_request: code_challenge_method must be S256' };
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return { error: 'invalid_request: code_challenge must be 43 base64url characters' };
    codeChallenge = challenge;
  }
  return { clientId, redirectUri, responseType, scope: scope.split(/\s+/).filter(Boolean).join(' '), state, codeChallenge };
}
