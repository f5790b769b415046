import wretch from 'wretch';
import { AHEAD_HEADER } from '../lib/site-request';

/** A page of the site fetched ahead: its HTML, and whether it rendered whole (200), not an error's page. */
export interface SitePage {
  html: string;
  whole: boolean;
}

/**
 * A page of the site as its server renders it for this session (same origin: the session
 * cookie goes along), fetched ahead for the client router to show without asking again: any
 * page the server rendered, an error's page too (the router shows those as they come, and asked
 * again, a failing provider made the user wait its time-out twice), or null for a redirect (the
 * router follows it itself) or an answer that is not HTML. Marked as fetched ahead
 * (AHEAD_HEADER): its render leaves the session as it is.
 */
export async function fetchSitePage(href: string, signal?: AbortSignal): Promise<SitePage | null> {
  try {
    const answer = await wretch(href)
      .headers({ [AHEAD_HEADER]: '1' })
      .options({ signal, redirect: 'manual', credentials: 'same-origin' })
      .accept('text/html')
      .get()
      .res(async (response) => ({ response, body: () => response.text() }))
      // An error status is still a page to show (wretch has read its body into the error).
      .catch((error: unknown) => (error instanceof wretch.WretchError ? { response: error.response, body: async () => error.text ?? '' } : null));
    if (!answer || answer.response.type === 'opaqueredirect') return null;
    const type = answer.response.headers.get('Content-Type') ?? '';
    return type.startsWith('text/html') ? { html: await answer.body(), whole: answer.response.status === 200 } : null;
  } catch {
    return null; // not reached: the router asks again itself
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

/**
 * Whether the site answers that it has no file at `url` (404), asked past the HTTP cache: false
 * when it has it or nothing answers.
 */
export async function isSiteFileGone(url: string): Promise<boolean> {
  try {
    await wretch(url).options({ cache: 'no-store' }).head().res();
    return false;
  } catch (error) {
    return (error as { status?: unknown }).status === 404;
  }
}
