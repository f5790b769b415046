import type { APIRoute } from 'astro';
import { startLoginAttempt } from '../server/login-attempt';
import { readTokens } from '../server/session-tokens';

export const prerender = false;

/**
 * The landing page's sign-in links come here (a plain link: /auth runs no script). The
 * server makes the PKCE verifier and state, keeps them in this browser's login cookie and
 * sends it to the provider's authorize URL. Already signed in, it goes home instead.
 */
export const GET: APIRoute = async (context) => {
  if (await readTokens(context)) return context.redirect('/', 302);
  const authorizeUrl = await startLoginAttempt(context.cookies);
  return new Response(null, { status: 302, headers: { Location: authorizeUrl, 'Cache-Control': 'no-store' } });
};
