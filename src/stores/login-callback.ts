import { exchangeCode, toTokenSet } from '../api/auth';
import { takeLoginAttempt } from '../lib/pkce';
import { getProviderConfig } from '../lib/provider-config';
import { $session, accessDeniedPath, storeTokens } from './session';

/** SPEC §9: /callback without a code or token goes to /auth after 1000 ms. */
export const CALLBACK_GIVE_UP_MS = 1000;

// What a /callback URL carries: the query (code flow) and the fragment (implicit grant).
function readCallback(url: string) {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  return { query, fragment, error: query.get('error') ?? fragment.get('error') };
}

/**
 * Whether a /callback URL carries nothing to act on (no code, token or error): the page then
 * shows itself for CALLBACK_GIVE_UP_MS before /auth, as the seed does (SPEC §2).
 */
export function hasNothingToDo(url: string): boolean {
  const { query, fragment, error } = readCallback(url);
  return !error && !query.get('code') && !fragment.get('access_token');
}

/**
 * Handles /callback (DESIGN §2) and resolves to the path to go to; the page
 * replaces history with it. A stored token goes straight to /;
 * `error=access_denied` to /access_denied; `code` + `state` are checked against
 * this tab's login attempt (src/lib/pkce.ts) and exchanged; `#access_token` is
 * accepted for providers with the implicit grant. With neither it resolves to
 * /auth at once: the page waits CALLBACK_GIVE_UP_MS before going there.
 */
export async function completeLogin(url: string): Promise<string> {
  if ($session.get()) return '/';
  const { query, fragment, error } = readCallback(url);
  if (error) {
    takeLoginAttempt();
    const description = query.get('error_description') ?? fragment.get('error_description');
    return error === 'access_denied' ? accessDeniedPath(description) : '/auth';
  }
  const code = query.get('code');
  if (code) {
    const attempt = takeLoginAttempt();
    // A missing verifier or a state that is not ours is a forged or replayed callback.
    if (!attempt.verifier || !attempt.state || attempt.state !== query.get('state')) {
      console.error('Login refused: the state does not match this login attempt');
      return '/auth';
    }
    try {
      storeTokens(await exchangeCode(getProviderConfig(), code, attempt.verifier));
      return '/';
    } catch (exchangeError) {
      console.error('Could not exchange the authorization code', exchangeError);
      return '/auth';
    }
  }
  if (fragment.get('access_token')) {
    storeTokens(toTokenSet(Object.fromEntries(fragment)));
    return '/';
  }
  return '/auth';
}
