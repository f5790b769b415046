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
