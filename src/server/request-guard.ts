import { SESSION_ROUTES, SITE_REQUEST_HEADER, SITE_REQUEST_VALUE } from '../lib/site-request';

/** Methods that change nothing; every other method is refused unless the request is the site's own (`isAllowedRequest`). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The parts of a request the guard reads. */
export interface GuardedRequest {
  method: string;
  headers: Headers;
}

/**
 * The routes a plain form of the site's own pages may POST to (no script, so no custom header):
 * only where the worst a forged one could do is what the user may always do, and only from the
 * site's Origin (another site's form, or a sandboxed frame's null Origin, is still refused).
 * With JavaScript off: LogOut (src/components/shell/PlainSignOut.astro), and the library's
 * buttons, one item saved or removed (src/components/browse/LibraryForm.astro).
 */
const PLAIN_FORM_ROUTES: ReadonlySet<string> = new Set([SESSION_ROUTES.signOut, SESSION_ROUTES.library]);

/**
 * Whether a request to `path` may change state on the site: safe methods always; others only from
 * the site's own pages, shown by an Origin equal to the site's (or, without one, the browser's
 * Sec-Fetch-Site), and by the custom header a cross-site form or fetch cannot set, but for a
 * plain form's POST to a route that takes one (the Origin a browser sends with every form's POST
 * is the site's; SameSite=Lax keeps the session cookie off another site's POST anyway).
 */
export function isAllowedRequest(request: GuardedRequest, siteOrigin: string, path = ''): boolean {
  const method = request.method.toUpperCase();
  if (SAFE_METHODS.has(method)) return true;
  if (!comesFromSite(request, siteOrigin)) return false;
  return isSiteRequest(request) || (method === 'POST' && PLAIN_FORM_ROUTES.has(path));
}

/** Whether the request carries the site's custom header: its own scripts' requests do, a plain form cannot. */
export function isSiteRequest(request: GuardedRequest): boolean {
  return request.headers.get(SITE_REQUEST_HEADER) === SITE_REQUEST_VALUE;
}

/** Whether the browser says the request comes from the site's own pages: its Origin, or without one its Sec-Fetch-Site. */
function comesFromSite(request: GuardedRequest, siteOrigin: string): boolean {
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === siteOrigin;
  return request.headers.get('Sec-Fetch-Site') === 'same-origin';
}

/** The most a request of the site's own routes carries (the token route's `{"refused": token}`). */
export const SMALL_BODY_BYTES = 4096;

/**
 * A request's body as text, or null when it is larger than `maxBytes` (its Content-Length says
 * so, or its stream goes past it): read no further, so that a huge body cannot fill the
 * server's memory. The CSRF headers stop only a browser's cross-site requests; anyone else can
 * send them.
 */
export async function readSmallBody(request: Request, maxBytes = SMALL_BODY_BYTES): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
