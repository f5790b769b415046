import type { APIRoute } from 'astro';
import { leaveNotice } from '../../server/notice';
import { isSiteRequest } from '../../server/request-guard';
import { endSession } from '../../server/session-tokens';
import { noStoreAnswer, noStoreRedirect } from '../../server/no-store';

export const prerender = false;

/**
 * LogOut: the session and its tokens are deleted on the server (POST, same origin, the site's
 * custom header, or LogOut's plain form of the site's own pages: src/middleware.ts refuses
 * anything else). Every other tab of this browser
 * holds the same cookie, so each is signed out at its next request. A request of this session
 * still on its way (a refresh, a page that learns something) writes nothing back after this:
 * the store changes only sessions that exist (src/server/session-store.ts).
 */
export const POST: APIRoute = async (context) => {
  await endSession(context);
  // Ended because the provider refused the session (`?expired`, a second 401): /auth says so.
  if (context.url.searchParams.has('expired')) leaveNotice(context.cookies, 'session-expired');
  // LogOut's plain form, with JavaScript off (src/components/shell/PlainSignOut.astro): the browser
  // follows the answer, to the landing page, as the script's LogOut goes there itself.
  if (!isSiteRequest(context.request)) return noStoreRedirect('/auth', 303);
  return noStoreAnswer(204);
};
