import wretch from 'wretch';
import { SESSION_ROUTES, SITE_REQUEST_HEADER, SITE_REQUEST_VALUE } from '../lib/site-request';
import { withTimeLimit } from '../lib/time-limit';

/** What the browser holds of the session: a short-lived access token, in memory only (DESIGN §1). */
export interface AccessGrant {
  accessToken: string;
  /** Epoch ms, or null when the provider gave no lifetime. */
  expiresAt: number | null;
  /** When to ask for a renewed token (epoch ms; the server's rule, lib/token-timing.ts), or null. */
  renewAt: number | null;
}

/** The site answered that the session is over (signed out, or its refresh token refused). */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended');
    this.name = 'SessionEndedError';
  }
}

/**
 * The browser holds another session than the one the page was rendered for (someone signed in
 * while it loaded): the site gives it no token of that session.
 */
export class SessionChangedError extends Error {
  constructor() {
    super('The browser holds another session than this page');
    this.name = 'SessionChangedError';
  }
}

/**
 * How long the page waits for its token: the site's own wait for the token URL (30 s,
 * TOKEN_URL_TIMEOUT_MS in auth.ts) and a little, so that the site's answer (503: unreachable)
 * comes first; given up, the page reads it the same way (no sign-out).
 */
const SITE_TOKEN_TIMEOUT_MS = 35_000;

// The site's own routes: same origin, so the session cookie goes along; the custom header
// tells the server the request comes from the site's pages (src/server/request-guard.ts).
const site = () => wretch().headers({ [SITE_REQUEST_HEADER]: SITE_REQUEST_VALUE });

/**
 * Asks the site's server for the session's access token. `refused` names a token the provider
 * just refused: the server refreshes then, unless the session already holds a newer one.
 * `session` names the session the page was rendered for (its head's mark), when it has one.
 * Rejects with SessionEndedError when there is no session any more, SessionChangedError when the
 * browser holds another one; any other rejection means the site or its token URL could not be reached.
 */
export async function requestAccessToken(refused?: string | null, session?: string | null): Promise<AccessGrant> {
  try {
    const grant = await withTimeLimit(SITE_TOKEN_TIMEOUT_MS, 'The site did not answer in time', (signal) =>
      site()
        .options({ signal })
        .url(SESSION_ROUTES.token)
        .json({ ...(refused ? { refused } : {}), ...(session ? { session } : {}) })
        .post()
        .json<AccessGrant>(),
    );
    if (typeof grant?.accessToken !== 'string' || grant.accessToken === '') throw new Error('The site answered no access token');
    const time = (value: unknown) => (typeof value === 'number' ? value : null);
    return { accessToken: grant.accessToken, expiresAt: time(grant.expiresAt), renewAt: time(grant.renewAt) };
  } catch (error) {
    if ((error as { status?: number }).status === 401) throw new SessionEndedError();
    if ((error as { status?: number }).status === 409) throw new SessionChangedError();
    throw error;
  }
}

/**
 * Ends the session on the server (LogOut). Resolves to whether it did: 'unreachable' when the
 * site could not be reached, 'failed' when it answered with an error (both logged).
 */
export async function endSiteSession(why: 'signed-out' | 'expired' = 'signed-out'): Promise<'ended' | 'unreachable' | 'failed'> {
  try {
    // An expired session's /auth says so (SPEC §8's 'Session Expired'): the page's own toast goes with the page.
    await site().url(why === 'expired' ? `${SESSION_ROUTES.signOut}?expired` : SESSION_ROUTES.signOut).post().res();
    return 'ended';
  } catch (error) {
    console.error('Could not end the session on the server', error);
    return typeof (error as { status?: unknown }).status === 'number' ? 'failed' : 'unreachable';
  }
}
