import wretch from 'wretch';

/**
 * A page of the site as its server renders it for this session (same origin: the session
 * cookie goes along), for the client router to show without asking again: the HTML, or null
 * when the answer is not a page that renders whole (an error, a redirect, not HTML).
 */
export async function fetchSitePage(href: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await wretch(href).options({ signal, redirect: 'manual', credentials: 'same-origin' }).accept('text/html').get().res();
    const type = response.headers.get('Content-Type') ?? '';
    return response.status === 200 && type.startsWith('text/html') ? await response.text() : null;
  } catch {
    return null; // not reached, or an error status: the router asks again itself
  }
}

/**
 * Whether the site answers at all: asked for its worker script, which neither the worker nor
 * the HTTP cache answers for (HEAD, no-store), so only the site itself can say yes.
 */
export async function siteAnswers(): Promise<boolean> {
  try {
    await wretch('/sw.js').options({ cache: 'no-store' }).head().res();
    return true;
  } catch {
    return false;
  }
}
