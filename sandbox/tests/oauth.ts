import { createHash, randomBytes } from 'node:crypto';

/**
 * The browser's side of the sandbox's OAuth flow, spoken from Node: the one PKCE sign-in
 * outside the product, for the tests of the flow itself (accounts.test.ts), the harness's
 * signIn(), the playback end-to-end spec and the benches.
 */

export const ALL_SCOPES = [
  'user-read-currently-playing', 'user-read-recently-played', 'user-read-playback-state', 'user-modify-playback-state',
  'playlist-read-private', 'playlist-read-collaborative', 'user-top-read', 'streaming', 'user-read-email',
  'user-read-private', 'user-follow-read', 'user-follow-modify', 'user-library-read', 'user-library-modify',
];
export const REDIRECT_URI = 'http://127.0.0.1:4999/callback';

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export interface Login {
  email?: string;
  password?: string;
}

export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Submits the sign-in page an authorize URL opens ("Continue as guest", or email and
 * password) and answers the redirect it sends back, as the browser would follow it.
 */
export async function submitSignIn(authorizeUrl: string, login: Login = {}): Promise<{ status: number; location: string | null }> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  if (login.email) {
    form.set('action', 'login');
    form.set('email', login.email);
    form.set('password', login.password ?? '');
  } else form.set('action', 'guest');
  const answer = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  return { status: answer.status, location: answer.headers.get('location') };
}

/** The browser's part of the code flow: open the sign-in page, press a button, read the code from the redirect. */
export async function authorizeCode(url: string, scopes: string[], login: Login = {}) {
  const { verifier, challenge } = pkcePair();
  const params = new URLSearchParams({
    client_id: 'my-music', response_type: 'code', redirect_uri: REDIRECT_URI, scope: scopes.join(' '),
    state: 'xyz-state', code_challenge_method: 'S256', code_challenge: challenge,
  });
  const page = await fetch(`${url}/authorize?${params}`);
  if (page.status !== 200) throw new Error(`sign-in page: ${page.status}`);
  await page.arrayBuffer();
  const { status, location } = await submitSignIn(`${url}/authorize?${params}`, login);
  const redirect = new URL(location ?? 'http://none/');
  return { code: redirect.searchParams.get('code') ?? '', state: redirect.searchParams.get('state'), verifier, status };
}

export function tokenRequest(url: string, fields: Record<string, string>) {
  return fetch(`${url}/api/token`, { method: 'POST', body: new URLSearchParams(fields) });
}

/** The whole code flow: a fresh pair of tokens for the guest, or for the account signed in with email and password. */
export async function signIn(url: string, scopes = ALL_SCOPES, login: Login = {}): Promise<Tokens> {
  const code = await authorizeCode(url, scopes, login);
  const response = await tokenRequest(url, {
    grant_type: 'authorization_code', code: code.code, redirect_uri: REDIRECT_URI, client_id: 'my-music', code_verifier: code.verifier,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}
