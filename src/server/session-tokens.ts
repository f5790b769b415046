import type { AstroCookies } from 'astro';
import { refreshTokens, type TokenSet } from '../api/auth';
import { readTokenClient } from '../config/provider';
import { refreshLedger } from './refresh-ledger';
import { createRefresher, type RefreshResult } from './refresher';
import { isDue } from '../lib/token-timing';
import { cookieAttributes, isSessionId, SESSION_COOKIE, SESSION_TTL_SECONDS } from './session-cookie';

/** A request's view of its session: Astro's session and the cookies (an Astro context has both). */
export interface SessionContext {
  session?: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): void;
    destroy(): void;
    regenerate(): Promise<void>;
    readonly sessionID: string | undefined;
  };
  cookies: AstroCookies;
}

/** The session key the tokens live under. Nothing but this module reads or writes it. */
const TOKENS = 'tokens';

/** Where a session stands: signed in with usable tokens, no session, ended by the provider, or the token URL not reached. */
export type SessionState =
  | { kind: 'signed-in'; tokens: TokenSet }
  | { kind: 'visitor' }
  | { kind: 'expired' }
  | { kind: 'unreachable' };

function isTokenSet(value: unknown): value is TokenSet {
  const tokens = value as TokenSet | null;
  return typeof tokens?.accessToken === 'string' && tokens.accessToken !== '';
}

/**
 * A session cookie the site did not make is dropped before anything reads the session (the
 * middleware, first thing): the request goes on as a visitor's, and the next sign-in starts a
 * new session.
 */
export function dropForeignSessionCookie(cookies: AstroCookies): void {
  const id = cookies.get(SESSION_COOKIE)?.value;
  if (id !== undefined && !isSessionId(id)) cookies.delete(SESSION_COOKIE, cookieAttributes());
}

/** The session's tokens, or null for a visitor (a stored session that no longer reads is one too). */
export async function readTokens(context: SessionContext): Promise<TokenSet | null> {
  if (!context.cookies.get(SESSION_COOKIE)?.value) return null; // no cookie: nothing to read
  let stored: unknown;
  try {
    stored = await context.session?.get(TOKENS);
  } catch (error) {
    console.error('The stored session could not be read; it is dropped', error);
    context.cookies.delete(SESSION_COOKIE, cookieAttributes());
    return null;
  }
  return isTokenSet(stored) ? stored : null;
}

/**
 * Writes a value into the session, and sets the cookie with this site's attributes (Secure on
 * https). Every write goes through here: Astro sets its cookie on each write with the build's
 * attributes and no lifetime, which would make the session end with the browser.
 */
export function writeSession(context: SessionContext, key: string, value: unknown): void {
  const { session } = context;
  if (!session) throw new Error('Sessions are not configured (astro.config.mjs session)');
  session.set(key, value);
  // This cookie wins over Astro's, and lives as long as the stored session.
  if (session.sessionID) {
    context.cookies.set(SESSION_COOKIE, session.sessionID, { ...cookieAttributes(), maxAge: SESSION_TTL_SECONDS });
  }
}

/** Keeps new tokens in the session. */
export function keepTokens(context: SessionContext, tokens: TokenSet): void {
  writeSession(context, TOKENS, tokens);
}

/** Signs in: a new session id (never one a visitor brought along), then the tokens. */
export async function startSession(context: SessionContext, tokens: TokenSet): Promise<void> {
  await context.session?.regenerate();
  keepTokens(context, tokens);
}

/** Ends the session: its tokens go from the store, and the cookie from the browser. */
export function endSession(context: SessionContext): void {
  context.session?.destroy();
  context.cookies.delete(SESSION_COOKIE, cookieAttributes());
}

/**
 * Whether tokens must be refreshed before use: the access token is due for renewal
 * (lib/token-timing.ts), or the browser reports that the provider refused this very token
 * (another tab may have refreshed already: the session then holds a newer one and nothing is spent).
 */
export function needsRefresh(tokens: TokenSet, now: number, refusedAccessToken?: string | null): boolean {
  if (refusedAccessToken && refusedAccessToken === tokens.accessToken) return true;
  return isDue(tokens, now);
}

let refresher: ((refreshToken: string) => Promise<RefreshResult>) | null = null;

function spendOnce(refreshToken: string): Promise<RefreshResult> {
  refresher ??= createRefresher({ spend: (token) => refreshTokens(readTokenClient(), token), ledger: refreshLedger() });
  return refresher(refreshToken);
}

/**
 * The session's usable tokens, refreshed on the server when they expire (DESIGN §2): one
 * spending of the refresh token per session however many requests ask at once, the old
 * refresh token kept when the answer carries none, and the session ended on the token URL's
 * refusal (invalid_grant), which the caller turns into SPEC's 'Session Expired'.
 */
export async function currentSession(context: SessionContext, refusedAccessToken?: string | null, now = Date.now()): Promise<SessionState> {
  const tokens = await readTokens(context);
  if (!tokens) return { kind: 'visitor' };
  if (!needsRefresh(tokens, now, refusedAccessToken)) return { kind: 'signed-in', tokens };
  if (!tokens.refreshToken) {
    const stillValid = tokens.expiresAt === null || tokens.expiresAt > now;
    if (stillValid && refusedAccessToken !== tokens.accessToken) return { kind: 'signed-in', tokens };
    endSession(context);
    return { kind: 'expired' };
  }
  const result = await spendOnce(tokens.refreshToken);
  switch (result.kind) {
    case 'refreshed':
      keepTokens(context, result.tokens);
      return { kind: 'signed-in', tokens: result.tokens };
    case 'refused':
      endSession(context);
      return { kind: 'expired' };
    case 'unreachable':
      // Not reached is no reason to sign out; a token with time left still works meanwhile.
      return tokens.expiresAt !== null && tokens.expiresAt > now && refusedAccessToken !== tokens.accessToken
        ? { kind: 'signed-in', tokens }
        : { kind: 'unreachable' };
  }
}
