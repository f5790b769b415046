import { createHash } from 'node:crypto';
import { exchangeCode, TokenError } from '../api/auth';
import { readTokenClient } from '../config/provider';
import { accessDeniedPath } from '../lib/access-denied';
import { takeLoginAttempt } from './login-attempt';
import { leaveNotice, markNewSession, type Notice } from './notice';
import { joinSession, readTokens, startSession, type SessionContext } from './session-tokens';

/** SPEC §9: /callback with nothing to act on goes to /auth after 1000 ms. */
export const CALLBACK_GIVE_UP_MS = 1000;

/** What /callback does with the URL the provider sent the browser back to. */
export type CallbackStep =
  | { kind: 'redirect'; to: string; notice?: Notice }
  | { kind: 'exchange'; code: string; state: string | null }
  | { kind: 'give-up' };

/**
 * SPEC §2's /callback rules on the server (DESIGN §2): signed in already goes to /;
 * `error=access_denied` to /access_denied with the provider's description (which that page shows
 * only when it is the provider's refusal of the account, errors.ts isAccountRefusalText); any other error
 * to /auth, which says 'Something went wrong' (the user chose to sign in: the landing page alone
 * again would say nothing of why); a code is exchanged once its state is checked; nothing to act on shows the page
 * for CALLBACK_GIVE_UP_MS before /auth. A token in the fragment is never seen by a server,
 * and the provider removed that flow, so it is nothing to act on.
 */
export function judgeCallback(url: URL, signedIn: boolean): CallbackStep {
  if (signedIn) return { kind: 'redirect', to: '/' };
  const query = url.searchParams;
  const error = query.get('error');
  if (error === 'access_denied') return { kind: 'redirect', to: accessDeniedPath(query.get('error_description')) };
  if (error) return { kind: 'redirect', to: '/auth', notice: 'sign-in-failed' };
  const code = query.get('code');
  if (code) return { kind: 'exchange', code, state: query.get('state') };
  return { kind: 'give-up' };
}

/**
 * Sign-ins in flight, by code and verifier, each to the id of the session it starts. The page
 * waits on the token URL, and a user who reloads it meanwhile sends the same callback again,
 * with the login cookie the first answer would have deleted. The provider refuses a code's
 * second exchange, and that user met 'Something went wrong' on /auth though the first exchange
 * had signed them in. The second request joins the first one's session instead. Only while it
 * is in flight: a callback seen again later finds its attempt spent (takeLoginAttempt). Kept
 * per instance: a reload that another instance answers still meets the provider's refusal.
 */
const signingIn = new Map<string, Promise<string>>();

const signInKey = (code: string, verifier: string) => createHash('sha256').update(`${code}\n${verifier}`).digest('base64url');

/** Exchanges the code and starts the session, or joins the one a request with the same code and verifier is starting. */
async function signInOnce(context: SessionContext, code: string, verifier: string): Promise<void> {
  const key = signInKey(code, verifier);
  const running = signingIn.get(key);
  if (running) {
    joinSession(context, await running);
    return;
  }
  const starting = exchangeCode(readTokenClient(), code, verifier).then((tokens) => startSession(context, tokens));
  signingIn.set(key, starting);
  try {
    await starting;
  } finally {
    signingIn.delete(key);
  }
}

/**
 * Handles a /callback request and resolves to where the browser goes next, or null when the
 * page shows itself (nothing to act on). A state this browser did not start (tampered, or
 * another browser's) or a second use of the same callback finds no login attempt: nothing is
 * exchanged or stored. A refused exchange stores nothing either. The same callback sent again
 * while its exchange runs (the page reloaded) joins the session that exchange starts.
 */
export async function completeLogin(context: SessionContext & { url: URL }): Promise<string | null> {
  const step = judgeCallback(context.url, (await readTokens(context)) !== null);
  if (step.kind === 'redirect') {
    if (step.notice) leaveNotice(context.cookies, step.notice);
    return step.to;
  }
  if (step.kind === 'give-up') return null;
  const attempt = takeLoginAttempt(context.cookies, step.state);
  if (!attempt) {
    console.error('Login refused: the state does not match a login attempt of this browser');
    // Said on /auth: most often an attempt that lapsed while the user was on the provider's pages.
    leaveNotice(context.cookies, 'sign-in-failed');
    return '/auth';
  }
  try {
    await signInOnce(context, step.code, attempt.verifier);
    markNewSession(context.cookies);
    return '/';
  } catch (error) {
    console.error('Could not exchange the authorization code', error);
    // Said on /auth: the user approved, and would otherwise meet the landing page again with no word.
    leaveNotice(context.cookies, error instanceof TokenError ? 'sign-in-failed' : 'connection-problem');
    return '/auth';
  }
}
