import type { APIRoute } from 'astro';
import { leaveNotice } from '../../server/notice';
import { readSmallBody } from '../../server/request-guard';
import { currentSession } from '../../server/session-tokens';

export const prerender = false;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

/** The token the page says the provider refused, if any; undefined for a body too large to read. */
async function refusedToken(request: Request): Promise<string | null | undefined> {
  const text = await readSmallBody(request);
  if (text === null) return undefined;
  try {
    const body = JSON.parse(text) as { refused?: unknown } | null;
    return typeof body?.refused === 'string' ? body.refused : null;
  } catch {
    return null; // no body: the page just wants a token
  }
}

/**
 * The browser's one way to a short-lived access token (the Web Playback SDK's getOAuthToken
 * and the provider calls the page makes), kept in the page's memory only. POST, with the
 * site's custom header and same origin (src/middleware.ts refuses anything else), never
 * cached. A body `{"refused": token}` says the provider refused that token: the server
 * refreshes unless the session already holds a newer one, or unless it was forced to refresh
 * less than FORCED_REFRESH_GAP_MS ago (429, with Retry-After). 401 means the session is over; 503
 * that the token URL or the session store could not be reached (the page signs nobody out).
 */
export const POST: APIRoute = async (context) => {
  const refused = await refusedToken(context.request);
  if (refused === undefined) return answer(413, { error: 'request_too_large' });
  const state = await currentSession(context, refused);
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
