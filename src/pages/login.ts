import type { APIRoute } from 'astro';
import { startLoginAttempt } from '../server/login-attempt';
import { endSession, readTokens } from '../server/session-tokens';

export const prerender = false;

/**
 * The landing page's sign-in links come here (a plain link: /auth runs no script). The
 * server makes the PKCE verifier and state, keeps them in this browser's login cookie and
 * sends it to the provider's authorize URL. A session this browser holds ends first: /callback
 * sends a browser with a session home without signing in (SPEC §2), so a user in a session they
 * did not start (its cookie planted by another app on this host) could not get out by signing in.
 * Only for the user's own step (a link of this site, the address typed): a link from another
 * site goes home, as before, or any page elsewhere could sign the user out.
 */
export const GET: APIRoute = async (context) => {
  const fromElsewhere = !['same-origin', 'none', null].includes(context.request.headers.get('Sec-Fetch-Site'));
  if (fromElsewhere && (await readTokens(context))) return context.redirect('/', 302);
  await endSession(context);
  const authorizeUrl = await startLoginAttempt(context.cookies);
  return new Response(null, { status: 302, headers: { Location: authorizeUrl, 'Cache-Control': 'no-store' } });
};
