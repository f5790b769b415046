import type { APIRoute } from 'astro';
import { FORGET_SESSION_SCRIPT } from '../layouts/head-scripts';
import { startLoginAttempt } from '../server/login-attempt';
import { endSession, holdsSession, readTokens } from '../server/session-tokens';
import { noStoreAnswer, noStoreRedirect } from '../server/no-store';

export const prerender = false;

/** Text for a double-quoted HTML attribute. */
const attributeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * On the way to the provider from within a session this request ended: the page forgets what the
 * browser kept of it (FORGET_SESSION_SCRIPT, whose clear tells every other tab, which leaves that
 * session's pages for /auth), then goes on (a refresh, which needs no script). Ended by a plain
 * redirect, the session's tabs heard nothing: they went on showing its pages and acting with its
 * token while another person signed in, or for good when that person gave up.
 */
function leavingSessionFor(authorizeUrl: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My Music</title><script>${FORGET_SESSION_SCRIPT}</script><meta http-equiv="refresh" content="0;url=${attributeText(authorizeUrl)}"></head><body></body></html>`;
  return noStoreAnswer(200, html, 'text/html; charset=utf-8');
}

/**
 * The landing page's sign-in links come here (a plain link: /auth runs no script). The
 * server makes the PKCE verifier and state, keeps them in this browser's login cookie and
 * sends it to the provider's authorize URL. A session this browser holds ends first: /callback
 * sends a browser with a session home without signing in (SPEC §2), so a user in a session they
 * did not start (its cookie planted by another app on this host) could not get out by signing in;
 * a landing page left open in another tab (a sign-out's, a shared computer's) signs in this way too.
 * Only for the user's own step (a link of this site, the address typed): a link from another
 * site goes home, as before, or any page elsewhere could sign the user out.
 */
export const GET: APIRoute = async (context) => {
  const fromElsewhere = !['same-origin', 'none', null].includes(context.request.headers.get('Sec-Fetch-Site'));
  if (fromElsewhere && (await readTokens(context))) return context.redirect('/', 302);
  const ending = await holdsSession(context);
  await endSession(context);
  const authorizeUrl = await startLoginAttempt(context.cookies);
  if (ending) return leavingSessionFor(authorizeUrl);
  return noStoreRedirect(authorizeUrl, 302);
};
