import { createHash } from 'node:crypto';
import type { NowPlayingSeed } from './api/page-seeds';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { readProviderConfig, readSiteOrigin } from './config/provider';
import { INLINE_SCRIPTS } from './layouts/inline-scripts';
import { contentSecurityPolicy, FIXED_HEADERS, permissionsPolicy, SESSION_PAGE_HEADERS, VISITOR_PAGE_HEADERS, withSecurityHeaders } from './lib/security-headers';
import { leaveNotice, takeNewSession } from './server/notice';
import { notePlayingRead, pageCapabilities, pageLimitedUntil, quietPart, runPageCalls, tellOnce } from './server/page-calls';
import { mayHoldPageNotice, takePageNotice } from './server/page-notice';
import { pageLeaving, pagePremiumPrompt, pageToast } from './server/page-data';
import { findPlayingNow, withItsHeart } from './server/pages/player';
import { playingMarkOfFound } from './stores/player-rules';
import { isAllowedRequest } from './server/request-guard';
import { accessOf } from './server/route-access';
import { withSetCookies } from './server/session-cookie';
import { currentSession, dropForeignCookies, holdsSession } from './server/session-tokens';
import { loadsWholeDocument } from './server/whole-document';

// Made once per process: the provider configuration is read from the environment at
// start (like the page's provider-config block), the inline scripts are fixed by the build.
let headers: Record<string, string> | undefined;

function securityHeaders(): Record<string, string> {
  if (headers) return headers;
  const hashes = INLINE_SCRIPTS.map((script) => createHash('sha256').update(script, 'utf8').digest('base64'));
  const imageSources = (process.env.PROVIDER_IMAGE_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  const provider = readProviderConfig(process.env);
  const policy = contentSecurityPolicy(provider, hashes, imageSources);
  const fixed = { ...FIXED_HEADERS, 'Permissions-Policy': permissionsPolicy(provider) };
  // The dev server adds inline scripts of its own (React refresh, Vite's client, Astro's dev
  // island script); the policy is the built site's, which the e2e tests prove.
  headers = import.meta.env.DEV ? fixed : { ...fixed, 'Content-Security-Policy': policy };
  return headers;
}


/**
 * The player card's seed for a page the browser loads whole, its calls started beside the page's
 * own and quiet (no toast, no countdown: the browser's player asks again); null when one failed.
 * The page's rows learn what plays as soon as it is found, before its heart: they render marked
 * as the card shows it (src/lib/playing-mark.ts).
 */
function startPlayingNow(): Promise<NowPlayingSeed | null> {
  const found = quietPart(() => findPlayingNow({ failWhole: true }));
  notePlayingRead(found.then((now) => now && playingMarkOfFound(now)));
  return found.then((now) => now && quietPart(() => withItsHeart(now)));
}

const refusal = () =>
  new Response('Cross-site requests are refused.', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Every request of the site passes here (DESIGN §1): a session or login cookie the site did not
 * make is dropped before anything reads it (one brought twice is cleared by the answer, and the
 * session counts as ended); a state-changing request that is not the site's own is refused
 * (CSRF); who may see a page is decided by the server session, so a visitor is sent to /auth
 * before any of the shell is sent, and a session the provider ended goes there with 'Session
 * Expired'; every response carries the security headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const clearings = dropForeignCookies(context);
  return withSetCookies(await answer(context, next), clearings);
});

/** The request's answer, with the security headers, once its foreign cookies are dropped. */
async function answer(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (!isAllowedRequest(context.request, readSiteOrigin(), context.url.pathname)) return withSecurityHeaders(refusal(), securityHeaders());
  const access = accessOf(context.routePattern);
  if (access === 'none') return withSecurityHeaders(await context.rewrite('/404'), securityHeaders());
  if (access === 'visitor-only') {
    if (await holdsSession(context)) return withSecurityHeaders(context.redirect('/', 302), securityHeaders());
    return withSecurityHeaders(await next(), { ...securityHeaders(), ...VISITOR_PAGE_HEADERS });
  }
  if (access === 'app') {
    const state = await currentSession(context);
    if (state.kind === 'visitor' || state.kind === 'expired') {
      if (state.kind === 'expired') leaveNotice(context.cookies, 'session-expired');
      return withSecurityHeaders(context.redirect('/auth', 302), securityHeaders());
    }
    // The page renders with its session's provider calls (src/server/page-calls.ts). With the
    // token URL or the session store out of reach it renders with no usable token: each call
    // renews first, and the page says 'Internet Connection Problem' while that fails.
    const tokens = state.kind === 'signed-in' ? state.tokens : null;
    // What a plain form's change met (JavaScript off: the library's buttons, src/pages/session/library.ts),
    // told by the page the browser was sent back to, loaded whole, as this render's own toast would be.
    const carried = loadsWholeDocument(context.request) && mayHoldPageNotice(context.cookies) ? await takePageNotice(context) : null;
    context.locals.serverToast = carried === null ? pageToast : () => (tellOnce('toast') ? carried : null);
    context.locals.premiumPrompt = pagePremiumPrompt;
    context.locals.limitedUntil = pageLimitedUntil;
    context.locals.leaving = pageLeaving;
    context.locals.learntCapabilities = pageCapabilities;
    // The first page a sign-in opens (a whole document, after /callback) forgets an earlier session's traces.
    context.locals.newSession = loadsWholeDocument(context.request) && takeNewSession(context.cookies);
    const render = () => {
      // Started beside the page's own calls for a page loaded whole (the client router keeps its
      // persisted card); the card is the document's last part, and /player's view reuses the answer.
      if (loadsWholeDocument(context.request)) context.locals.playingNow = startPlayingNow();
      return next();
    };
    return withSecurityHeaders(await runPageCalls(context, tokens, render), { ...securityHeaders(), ...SESSION_PAGE_HEADERS });
  }
  return withSecurityHeaders(await next(), securityHeaders());
}
