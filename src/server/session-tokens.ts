import { createHash, randomUUID } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { refreshTokens, type TokenSet } from '../api/auth';
import { readTokenClient } from '../config/provider';
import { refreshLedger } from './refresh-ledger';
import { createRefresher, type RefreshResult } from './refresher';
import { isDue } from '../lib/token-timing';
import { clearingsBeyondRoot, cookieAttributes, cookieName, cookiesNamed, isSessionId, LOGIN_COOKIE, SESSION_COOKIE, SESSION_TTL_SECONDS } from './session-cookie';
import { readingOnce, siteSessionStore, type SessionRecord, type SessionStore } from './session-store';

/** A request's view of its session: the cookies (an Astro context has them) and the store the session is kept in. */
export interface SessionContext {
  cookies: AstroCookies;
  /** Where the sessions are kept: the site's store (session-store.ts), unless a test gives its requests their own. */
  sessionStore?: SessionStore;
}

/** The session key the tokens live under. Nothing but this module reads or writes it. */
const TOKENS = 'tokens';

/**
 * Where a session stands: signed in with usable tokens, no session, ended by the provider, not
 * to be known now (the token URL or the session store out of reach: no reason to sign out), or
 * a refused token's renewal held until `until` (FORCED_REFRESH_GAP_MS).
 */
export type SessionState =
  | { kind: 'signed-in'; tokens: TokenSet }
  | { kind: 'visitor' }
  | { kind: 'expired' }
  | { kind: 'unreachable' }
  | { kind: 'held'; until: number };

function isTokenSet(value: unknown): value is TokenSet {
  const tokens = value as TokenSet | null;
  return typeof tokens?.accessToken === 'string' && tokens.accessToken !== '';
}

const tokensOf = (record: SessionRecord | null): TokenSet | null => (isTokenSet(record?.[TOKENS]) ? record[TOKENS] : null);

// Each request's own view of the store (`readingOnce`), kept by its cookies: the middleware and
// the page it renders are two contexts of one request, with one set of cookies.
const requestStores = new WeakMap<object, SessionStore>();
const storeOf = (context: SessionContext): SessionStore => {
  let store = requestStores.get(context.cookies);
  if (!store) {
    store = readingOnce(context.sessionStore ?? siteSessionStore());
    requestStores.set(context.cookies, store);
  }
  return store;
};

/** The session id the browser's cookie carries (the middleware dropped one the site could not have made). */
const sessionIdOf = (context: SessionContext): string | null => context.cookies.get(cookieName(SESSION_COOKIE))?.value || null;

/**
 * What a page says of the session it was rendered for, and the token route of the session it
 * serves: a one-way digest of the session's id, so a page can tell that the browser's session is
 * another one now (another person signed in while it loaded) without holding the id itself, which
 * the HttpOnly cookie keeps from scripts. Null for a visitor. Stable while the session lives:
 * a refresh keeps its id.
 */
export function sessionTagOf(context: SessionContext): string | null {
  const id = sessionIdOf(context);
  return id ? createHash('sha256').update(id).digest('base64url').slice(0, 22) : null;
}

/** The cookie of session `id`, for as long as its record lives without a write. */
function setSessionCookie(context: SessionContext, id: string): void {
  context.cookies.set(cookieName(SESSION_COOKIE), id, { ...cookieAttributes(), maxAge: SESSION_TTL_SECONDS });
}

/** The requests (by their cookies) that brought the session cookie twice or more: their session counts as ended. */
const doubledSessions = new WeakSet<AstroCookies>();

/**
 * Drops the session and login cookies the site did not make, before anything reads them (the
 * middleware, first thing):
 * - a session id the site never makes (forged, damaged): the request goes on as a visitor's, and
 *   the next sign-in starts a new session;
 * - a session or login cookie the request carries more than once. Cookies ignore ports: a page
 *   of another app on this host can add `my-music-session=<its own session>; Path=/session`
 *   beside the user's, and the browser sends both to /session/token, the longer path first. The
 *   site never picks one (the first was the planter's: the page got their token, and every save
 *   went to their account): the request goes on with neither, a session so brought counts as
 *   ended (`currentSession`: 'expired', so the page goes to /auth with 'Session Expired'), and
 *   the name is cleared at every path the request's cookies can have come from, so the user signs
 *   in again cleanly.
 * Returns the Set-Cookie headers the answer carries besides Astro's cookies, which clear '/' alone.
 */
export function dropForeignCookies(context: SessionContext & { request: Request }): string[] {
  const session = cookieName(SESSION_COOKIE);
  const clearings: string[] = [];
  for (const name of [session, cookieName(LOGIN_COOKIE)]) {
    if (cookiesNamed(context.request, name) < 2) continue;
    context.cookies.delete(name, cookieAttributes());
    clearings.push(...clearingsBeyondRoot(name, new URL(context.request.url).pathname));
    if (name === session) doubledSessions.add(context.cookies);
  }
  const id = context.cookies.get(session)?.value;
  if (id !== undefined && !isSessionId(id)) context.cookies.delete(session, cookieAttributes());
  return clearings;
}

/** The session's record as stored now; null without a session. Rejects when the store cannot be read. */
async function readRecord(context: SessionContext): Promise<SessionRecord | null> {
  const id = sessionIdOf(context);
  return id ? storeOf(context).read(id) : null;
}

/** The record as readRecord reads it, or null when the store cannot be read (logged; the cookie stays). */
async function readRecordOrNull(context: SessionContext): Promise<SessionRecord | null> {
  try {
    return await readRecord(context);
  } catch (error) {
    console.error('The session store could not be read', error);
    return null;
  }
}

/**
 * The session's tokens, or null for a visitor, and for now when the store cannot be read: the
 * session may well be there once the store is back.
 */
export async function readTokens(context: SessionContext): Promise<TokenSet | null> {
  return tokensOf(await readRecordOrNull(context));
}

/**
 * Whether the request holds a session, for a page only visitors see (/auth): its tokens read, or
 * a session cookie whose record the store cannot read now. A signed-in user met the landing page
 * and its Log in while Redis was away; they go to / instead, which says what failed.
 */
export async function holdsSession(context: SessionContext): Promise<boolean> {
  if (!sessionIdOf(context)) return false;
  try {
    return tokensOf(await readRecord(context)) !== null;
  } catch (error) {
    console.error('The session store could not be read', error);
    return true;
  }
}

/** A value the session keeps (key: anything but the tokens); undefined without one, or when the store cannot be read. */
export async function readSessionValue(context: SessionContext, key: string): Promise<unknown> {
  return (await readRecordOrNull(context))?.[key];
}

/**
 * Keeps a value in the session (key: anything but the tokens), as `valueOf` makes it from the one
 * stored now: in the record as it is stored at this moment, so no copy read earlier goes back
 * with it, and only while the session lasts (after a sign-out it changes nothing). The cookie is
 * left as it is: this may come after the response has begun. A store that fails loses the value
 * (logged): it is something the next page learns again.
 */
export async function keepInSession(context: SessionContext, key: string, valueOf: (stored: unknown) => unknown): Promise<void> {
  const id = sessionIdOf(context);
  if (!id) return;
  try {
    await storeOf(context).change(id, (record) => ({ ...record, [key]: valueOf(record[key]) }));
  } catch (error) {
    console.error(`The session store could not keep ${key}`, error);
  }
}

/**
 * The session's record once tokens were refreshed from `spent` to `fresh` (at `forcedAt` when a
 * refused token forced it): the new tokens while it still holds the ones spent; null (left as it
 * is) when another request kept newer ones meanwhile, since the record only ever moves on from
 * the tokens it holds.
 */
export function withRefreshedTokens(record: SessionRecord, spent: TokenSet, fresh: TokenSet, forcedAt: number | null = null): SessionRecord | null {
  if (tokensOf(record)?.accessToken !== spent.accessToken) return null;
  return forcedAt === null ? { ...record, [TOKENS]: fresh } : { ...record, [TOKENS]: fresh, [FORCED_AT]: forcedAt };
}

/**
 * Keeps the tokens a refresh gave, and says where the session stands then: signed in with the
 * newest tokens the session holds, or a visitor when it ended meanwhile (signed out in another
 * tab: nothing is kept, nor handed out).
 */
async function keepRefreshedTokens(context: SessionContext, spent: TokenSet, fresh: TokenSet, forcedAt: number | null): Promise<SessionState> {
  const id = sessionIdOf(context);
  if (!id) return { kind: 'visitor' };
  let kept: TokenSet | null;
  try {
    kept = tokensOf(await storeOf(context).change(id, (record) => withRefreshedTokens(record, spent, fresh, forcedAt)));
  } catch (error) {
    // Spent but not kept: this request has them still, and a request that spends the old refresh
    // token again within the minute gets the same answer from the ledger, and tries to keep it.
    console.error('The session store could not keep the refreshed tokens', error);
    return { kind: 'signed-in', tokens: fresh };
  }
  if (!kept) return { kind: 'visitor' };
  setSessionCookie(context, id);
  return { kind: 'signed-in', tokens: kept };
}

/**
 * Signs in: a new session id (never one a visitor brought along) holding the tokens; an earlier
 * session of this browser goes. Resolves to the new session's id.
 */
export async function startSession(context: SessionContext, tokens: TokenSet): Promise<string> {
  const store = storeOf(context);
  const earlier = sessionIdOf(context);
  const id = randomUUID();
  await store.create(id, { [TOKENS]: tokens });
  setSessionCookie(context, id);
  if (earlier) await store.remove(earlier).catch((error: unknown) => console.error('The earlier session could not be removed', error));
  return id;
}

/**
 * Gives this request's browser the cookie of session `id`, which another request of the same
 * browser started (login-callback.ts: a reloaded /callback whose first answer never arrived).
 */
export function joinSession(context: SessionContext, id: string): void {
  setSessionCookie(context, id);
}

/** Ends the session: its tokens go from the store, and the cookie from the browser. */
export async function endSession(context: SessionContext): Promise<void> {
  const id = sessionIdOf(context);
  context.cookies.delete(cookieName(SESSION_COOKIE), cookieAttributes());
  if (!id) return;
  try {
    await storeOf(context).remove(id);
  } catch (error) {
    console.error('The session store could not remove an ended session', error);
  }
}

/**
 * How soon after one refresh forced by a refused token another may be forced. A page's script can
 * report its own token as refused in a loop, and each report would spend a refresh token at the
 * provider's token URL, whose rate limit belongs to the client id, shared by every user. A refusal
 * of a token within this gap of the last forced refresh is held: the page is told to try again
 * later and keeps its session. A token due for renewal is renewed whatever the gap.
 */
export const FORCED_REFRESH_GAP_MS = 30_000;

/** The session key noting when a refused token last made the server refresh (epoch ms). */
const FORCED_AT = 'forcedRefreshAt';

/**
 * What a request does with the session's tokens: use them; renew them, due (lib/token-timing.ts);
 * force a renewal, the browser reporting that the provider refused this very token (another tab
 * may have refreshed already: the session then holds a newer one and nothing is spent); or hold,
 * a refusal within FORCED_REFRESH_GAP_MS of the last forced refresh (`lastForcedAt`).
 */
export function refreshDecision(
  tokens: TokenSet,
  now: number,
  refusedAccessToken?: string | null,
  lastForcedAt: number | null = null,
): 'use' | 'renew' | 'force' | 'hold' {
  if (isDue(tokens, now)) return 'renew';
  if (!refusedAccessToken || refusedAccessToken !== tokens.accessToken) return 'use';
  return lastForcedAt !== null && now - lastForcedAt < FORCED_REFRESH_GAP_MS ? 'hold' : 'force';
}

const forcedAtOf = (record: SessionRecord | null): number | null =>
  typeof record?.[FORCED_AT] === 'number' ? record[FORCED_AT] : null;

let refresher: ((refreshToken: string) => Promise<RefreshResult>) | null = null;

function spendOnce(refreshToken: string): Promise<RefreshResult> {
  refresher ??= createRefresher({ spend: (token) => refreshTokens(readTokenClient(), token), ledger: refreshLedger() });
  return refresher(refreshToken);
}

/**
 * The session's usable tokens, refreshed on the server when they expire (DESIGN §2): one
 * spending of the refresh token per session however many requests ask at once, the old
 * refresh token kept when the answer carries none, and the session ended on the token URL's
 * refusal (invalid_grant), which the caller turns into SPEC's 'Session Expired'. A store that
 * cannot be read is 'unreachable', never a visitor: nobody is signed out while Redis is away.
 * A refused token is renewed at once, but not twice within FORCED_REFRESH_GAP_MS ('held').
 */
export async function currentSession(context: SessionContext, refusedAccessToken?: string | null, now = Date.now()): Promise<SessionState> {
  // Neither of two session cookies is taken (dropForeignCookies), and neither session is ended in
  // the store: one is the user's, the other a planter's, and nothing says which.
  if (doubledSessions.has(context.cookies)) return { kind: 'expired' };
  let record: SessionRecord | null;
  try {
    record = await readRecord(context);
  } catch (error) {
    // A store out of reach says nothing of the session: the cookie stays, and the page says what failed.
    console.error('The session store could not be read', error);
    return { kind: 'unreachable' };
  }
  const tokens = tokensOf(record);
  if (!tokens) return { kind: 'visitor' };
  const lastForcedAt = forcedAtOf(record);
  const decision = refreshDecision(tokens, now, refusedAccessToken, lastForcedAt);
  if (decision === 'use') return { kind: 'signed-in', tokens };
  if (!tokens.refreshToken) {
    const stillValid = tokens.expiresAt === null || tokens.expiresAt > now;
    if (stillValid && refusedAccessToken !== tokens.accessToken) return { kind: 'signed-in', tokens };
    await endSession(context);
    return { kind: 'expired' };
  }
  if (decision === 'hold') return { kind: 'held', until: (lastForcedAt ?? now) + FORCED_REFRESH_GAP_MS };
  const result = await spendOnce(tokens.refreshToken);
  switch (result.kind) {
    case 'refreshed':
      return keepRefreshedTokens(context, tokens, result.tokens, decision === 'force' ? now : null);
    case 'refused':
      await endSession(context);
      return { kind: 'expired' };
    case 'unreachable':
      // Not reached is no reason to sign out; a token with time left still works meanwhile.
      return tokens.expiresAt !== null && tokens.expiresAt > now && refusedAccessToken !== tokens.accessToken
        ? { kind: 'signed-in', tokens }
        : { kind: 'unreachable' };
  }
}
