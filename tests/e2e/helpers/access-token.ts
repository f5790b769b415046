// The signed-in page's access token, for a test that calls the provider (the sandbox)
// directly. The token lives in the page's memory only (DESIGN §1): a test asks the site's
// server for it exactly as the page does, from inside the page.
import type { APIResponse, Page } from '@playwright/test';

/**
 * POST /session/token from inside `page` (same origin, so the session cookie and the
 * Origin go along, with the site's header, as src/api/site-session.ts asks): the session's
 * access token, or null when the server answers 401 (no session: a visitor, signed out, or
 * the session ended). Any other answer throws. The page must be on the site's origin.
 *
 * A null answer is a 401 in the browser, which the automatic problem check counts: a test
 * that expects one allows it (allowErrors).
 */
export async function accessTokenOf(page: Page): Promise<string | null> {
  const answer = await page.evaluate(async () => {
    const response = await fetch('/session/token', { method: 'POST', headers: { 'X-My-Music': '1' } });
    return { status: response.status, text: await response.text() };
  });
  if (answer.status === 401) return null;
  if (answer.status !== 200) throw new Error(`POST /session/token answered ${answer.status}: ${answer.text}`);
  const { accessToken } = JSON.parse(answer.text) as { accessToken?: unknown };
  if (typeof accessToken !== 'string' || accessToken === '') throw new Error(`POST /session/token answered no token: ${answer.text}`);
  return accessToken;
}

/**
 * POST /session/token from the test with `page`'s browser cookies, as the page asks (the
 * site's Origin and header): the raw answer, for tests of the route itself (its status, its
 * headers, what another site instance answers). `siteUrl` names the instance.
 * On a connection of its own: the test's request client, unlike a browser, does not send again a
 * request whose kept-alive connection the site closed as it went out (ECONNRESET in CI, asked
 * just over the site's 5 s keep-alive after its last token).
 */
export function askTokenRoute(page: Page, siteUrl: string): Promise<APIResponse> {
  return page.request.post(`${siteUrl}/session/token`, { headers: { Origin: siteUrl, 'X-My-Music': '1', Connection: 'close' } });
}
