/**
 * The answers of the session routes (src/pages/session/, /login): never kept by the browser or a
 * cache between it and the site, since each depends on the session of the request (a token, a
 * redirect that ends or starts one, a refusal). One place, so none of them forgets it.
 */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A redirect: 302 where the browser follows a link or a script asked, 303 after a form's POST (the browser then GETs `location`). */
export const noStoreRedirect = (location: string, status: 302 | 303): Response => new Response(null, { status, headers: { Location: location, ...NO_STORE } });

/** An answer with a body of `type` (none for 204). */
export const noStoreAnswer = (status: number, body: string | null = null, type?: string): Response =>
  new Response(body, { status, headers: { ...(type ? { 'Content-Type': type } : {}), ...NO_STORE } });
