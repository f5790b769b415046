import type { APIRoute } from 'astro';
import { endSession } from '../../server/session-tokens';

export const prerender = false;

/**
 * LogOut: the session and its tokens are deleted on the server (POST, same origin, the site's
 * custom header: src/middleware.ts refuses anything else). Every other tab of this browser
 * holds the same cookie, so each is signed out at its next request.
 */
export const POST: APIRoute = (context) => {
  endSession(context);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
};
