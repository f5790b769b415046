import type { APIRoute } from 'astro';
import { leaveNotice } from '../../server/notice';
import { readSmallBody } from '../../server/request-guard';
import { currentSession, sessionTagOf } from '../../server/session-tokens';
import { noStoreAnswer } from '../../server/no-store';

export const prerender = false;

const answer = (status: number, body: unknown) =>
  noStoreAnswer(status, JSON.stringify(body), 'application/json');

/**
 * What the page says as it asks: the token the provider refused, if any, and the session the page
 * was rendered for (`sessionTagOf`), if it knows it; undefined for a body too large to read.
 */
async function readAsking(request: Request): Promise<{ refused: string | null; session: string | null } | undefined> {
  const text = await readSmallBody(request);
  if (text === null) return undefined;
  try {
    const body = JSON.parse(text) as { refused?: unknown; session?: unknown } | null;
    const textOf = (value: unknown) => (typeof value === 'string' ? value : null);
    return { refused: textOf(body?.refused), session: textOf(body?.session) };
  } catch {
    return { refused: null, session: null }; // no body: the page just wants a token
  }
}

/**
 * The browser's one way to a short-lived access token (the Web Playback SDK's getOAuthToken
 * and the provider calls the page makes), kept in the page's memory only. POST, with the
 * site's custom header and same origin (src/middleware.ts refuses anything else), never
 * cached. A body `{"refused": token}` says the provider refused that token: the server
 * refreshes unless the session already holds a newer one, or unless it was forced to refresh
 * less than FORCED_REFRESH_GAP_MS ago (429, with Retry-After). `"session": tag` names the
 * session the page was rendered for: 409 when the browser holds another one now. 401 means the
 * session is over; 503 that the token URL or the session store could not be reached (the page
 * signs nobody out).
 */
export const POST: APIRoute = async (context) => {
  const asking = await readAsking(context.request);
  if (asking === undefined) return answer(413, { error: 'request_too_large' });
  // A page rendered for another session than the one the browser holds now (someone signed in
  // while it loaded, and it heard nothing): it gets no token of this session, with which its page
  // of the other account would act for this one, nor a refresh; 409 has it load again as this
  // session's. With no session at all it is told so (401), as any page is.
  const current = sessionTagOf(context);
  if (asking.session !== null && current !== null && asking.session !== current) return answer(409, { error: 'session_changed' });
  const state = await currentSession(context, asking.refused);
  switch (state.kind) {
    case 'signed-in': {
      const { accessToken, expiresAt, renewAt } = state.tokens;
      return answer(200, { accessToken, expiresAt, renewAt });
    }
    case 'unreachable':
      // The token URL or the session store: either, so the words name neither alone.
      return answer(503, { error: 'session_unreachable' });
    case 'held': {
      // The page read this like a token URL out of reach: no sign-out, and it tries again later.
      const response = answer(429, { error: 'refresh_held' });
      response.headers.set('Retry-After', String(Math.max(1, Math.ceil((state.until - Date.now()) / 1000))));
      return response;
    }
    case 'expired':
      // The provider ended the session in this very request: the page goes to /auth next,
      // which shows SPEC §8's 'Session Expired' whether the page or the server takes it there.
      leaveNotice(context.cookies, 'session-expired');
      return answer(401, { error: 'session_expired' });
    case 'visitor':
      return answer(401, { error: 'session_expired' });
  }
};
