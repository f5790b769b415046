import { SITE_REQUEST_HEADER, SITE_REQUEST_VALUE } from '../lib/site-request';

/** Methods that change nothing; every other method is refused unless the request is the site's own. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The parts of a request the guard reads. */
export interface GuardedRequest {
  method: string;
  headers: Headers;
}

/**
 * Whether a request may change state on the site: safe methods always; others only from
 * the site's own pages, shown by an Origin equal to the site's (or, without one, the
 * browser's Sec-Fetch-Site) and by the custom header a cross-site form or fetch cannot set.
 */
export function isAllowedRequest(request: GuardedRequest, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (request.headers.get(SITE_REQUEST_HEADER) !== SITE_REQUEST_VALUE) return false;
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === siteOrigin;
  return request.headers.get('Sec-Fetch-Site') === 'same-origin';
}
