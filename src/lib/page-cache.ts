import { ROUTES } from './routes';

/** The service worker's cache of visited pages (astro.config.mjs names it with this). */
export const PAGE_CACHE = 'my-music-pages';

/**
 * The app's offline shell (src/pages/offline.astro): the worker precaches it and answers
 * with it, at the address the user opened, an app route it cannot load and has not kept.
 */
export const OFFLINE_SHELL = '/offline';

/** What the worker's routes are asked about a request (workbox's match callback options). */
export interface WorkerRequest {
  request: { mode: string };
  url: URL;
  sameOrigin: boolean;
}

// The two rules below are the worker's own: its build inlines their source (astro.config.mjs),
// so each refers to nothing outside itself.

/** A page the worker keeps as it is visited: any of the site's but signing in and the session routes, which answer per session. */
export function keepsVisitedPage({ request, url, sameOrigin }: WorkerRequest): boolean {
  return request.mode === 'navigate' && sameOrigin && !/^\/(callback|login|session\/)/.test(url.pathname);
}

/**
 * A page of the app (src/server/route-access.ts's 'app' routes): opened offline and never
 * kept, it gets the offline shell. The landing, sign-in, session and error pages do not:
 * they live outside the shell.
 */
export function opensInOfflineShell({ request, url, sameOrigin }: WorkerRequest): boolean {
  return request.mode === 'navigate' && sameOrigin && !/^\/(auth|access_denied|callback|login|session|404|500|offline)(?=\/|$)/.test(url.pathname);
}

/**
 * The worker's mark that the site's last page was a visitor's (a cache of that name, kept or
 * not): it answered /auth or /access_denied, where it never sends a signed-in user. An app page
 * it answered since clears it. The worker can ask the site nothing offline, nor read the session
 * cookie, so this is what it knows of who is signed in; without any word (a worker just
 * installed, by an app page) it is the signed-in user.
 */
export const SIGNED_OUT_MARK = 'my-music-signed-out';

// The four plugins below run in the worker (the build inlines their source): each refers to
// nothing outside itself, so the mark's name is written out in each.

/** An app page the site answered (fetchDidSucceed, on the app pages): a signed-in user's, so the mark goes. */
export async function noteSignedIn({ response }: { response: Response }): Promise<Response> {
  if (response.status === 200) await caches.delete('my-music-signed-out');
  return response;
}

/**
 * The landing or access-denied page the site answered (fetchDidSucceed, on the pages outside the
 * shell): a visitor's, so the mark is set, and the app pages kept for the last user go (the pages
 * the router showed, and those kept whole but the visitor's own and the error pages; the offline
 * shell is precached elsewhere). A LogOut forgets them in the page, but a session that ended
 * otherwise (its cookie ran out, or was cleared) left them here.
 */
export async function noteSignedOut({ request, response }: { request: Request; response: Response }): Promise<Response> {
  if (response.status !== 200 || !/^\/(auth|access_denied)\/?$/.test(new URL(request.url).pathname)) return response;
  await caches.open('my-music-signed-out');
  await caches.delete('my-music-routed-pages');
  const pages = await caches.open('my-music-pages');
  const appPages = (await pages.keys()).filter((kept) => !/^\/(auth|access_denied|404|500)\/?$/.test(new URL(kept.url).pathname));
  await Promise.all(appPages.map((kept) => pages.delete(kept)));
  return response;
}

/** A copy of an app page (cachedResponseWillBeUsed), for a signed-in user only: a visitor never meets the pages kept for the last one. */
export async function keptForSignedIn({ cachedResponse }: { cachedResponse?: Response | null }): Promise<Response | null | undefined> {
  return (await caches.has('my-music-signed-out')) ? null : cachedResponse;
}

/**
 * An app address offline, for a visitor (handlerDidError, before any other): what the site gives
 * one, the landing page, at /auth, where the worker answers with its copy (the browser says it is
 * offline when it kept none). Not the app's offline shell, whose controls need a session.
 */
export async function visitorOffline({ request }: { request: Request }): Promise<Response | undefined> {
  return (await caches.has('my-music-signed-out')) ? Response.redirect(new URL('/auth', request.url).href, 302) : undefined;
}

/**
 * How long the worker waits for an app page before it answers with the copy it kept: longer than
 * a page's answer takes when its provider call times out (SPEC §9's 30 s, and the one wait before
 * a retry, at most 10 s: src/api/client.ts). Not a bound on every render (a retried call has its
 * own 30 s), but past what a working site takes: its page, with its own error and toast (SPEC §8's
 * time-out), is waited for, where a copy served after a few seconds showed an old page with
 * nothing said (the site was only slow).
 */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 45;

/** The attribute a page served from the worker's cache carries on its root (`keptCopyOf`). */
export const KEPT_COPY_ATTRIBUTE = 'data-kept-copy';

/**
 * A page the worker answers with from its cache, which it does only when the site did not answer
 * (a workbox plugin's cachedResponseWillBeUsed, on the app pages' network-first route): marked
 * with KEPT_COPY_ATTRIBUTE, so the page says there is no connection even when the browser reports
 * itself online (src/components/shell/shell-client.ts), and without the toasts the server wrote
 * into it (ServerToast.astro), which told what failed when it was rendered, not now. Its own
 * source runs in the worker (the build inlines it), so it refers to nothing outside itself.
 */
export async function keptCopyOf({ cachedResponse }: { cachedResponse?: Response | null }): Promise<Response | null | undefined> {
  if (!cachedResponse || !(cachedResponse.headers.get('Content-Type') ?? '').includes('text/html')) return cachedResponse;
  const html = (await cachedResponse.text())
    .replace(/<div class="server-toast"[^>]*><span>[^<]*<\/span><\/div>/g, '')
    .replace(/<html\b/i, '<html data-kept-copy');
  // The body is text now: a length or an encoding the site sent would describe another body.
  const headers = new Headers(cachedResponse.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(html, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
}

/**
 * The pages the client router showed (most of a visit's pages), kept by the page for the worker
 * (`keepRoutedPage`): the router fetches them, so the worker never sees them as navigations, and
 * they hold only the places of the shell's persisted parts, so they cannot stand alone.
 */
export const ROUTED_PAGE_CACHE = 'my-music-routed-pages';
/** As many as the worker keeps of the pages loaded whole (astro.config.mjs). */
export const ROUTED_PAGES_KEPT = 40;

/**
 * The app's routes (src/lib/routes.ts) as one pattern of paths, a `:param` any one segment. The
 * worker's offline answer is given it (`withAppRoutes`): an address outside it is no page, which
 * the site answers with Page Not Found.
 */
export const APP_ROUTES = new RegExp(`^(?:${Object.values(ROUTES).map((route) => route.replace(/:\w+/g, '[^/]+')).join('|')})/?$`);

/**
 * A plugin callback of the worker that needs the app's routes, with them written into its source:
 * the build writes out a callback's source alone (astro.config.mjs), and the worker's code cannot
 * import them.
 */
export function withAppRoutes<Param, Answer>(callback: (param: Param, appRoutes: RegExp) => Answer): (param: Param) => Answer {
  // As a string: the build strips comments from the source, and a pattern's slashes sent its stripper into a search that never ended.
  return new Function('param', `return (${callback.toString()})(param, new RegExp(${JSON.stringify(APP_ROUTES.source)}));`) as (param: Param) => Answer;
}

/** The id of the offline shell's template of the site's Page Not Found (src/pages/offline.astro; its `data-title` is the tab's title). */
export const NO_PAGE_TEMPLATE = 'no-page';

/**
 * The worker's answer to an app address it could neither load nor find kept whole (a workbox
 * plugin's handlerDidError, given the app's routes: `withAppRoutes`): a page the user reached in
 * the app, its title and content set into the offline shell, which has every other part of the
 * shell and says there is no connection (it loads the real page by itself once the network
 * returns). An address that is no page gets the site's Page Not Found the same way (the shell
 * holds it in a template), not a screen saying a page was never opened here. Undefined when the
 * page was never shown here: the offline shell alone follows (workbox's precache fallback). Its
 * own source runs in the worker (the build inlines it), so it refers to nothing outside itself.
 */
export async function routedPageOffline({ request }: { request: Request }, appRoutes: RegExp): Promise<Response | undefined> {
  const isPage = appRoutes.test(new URL(request.url).pathname);
  const [page, shell] = await Promise.all([
    isPage ? caches.open('my-music-routed-pages').then((cache) => cache.match(request.url)) : undefined,
    caches.match(new URL('/offline', request.url).href, { ignoreSearch: true }),
  ]);
  if (!shell || (isPage && !page)) return undefined;
  const shellHtml = await shell.text();
  // No page: the shell's template of Page Not Found, read as a page of its own (its id is
  // NO_PAGE_TEMPLATE, written out: this source refers to nothing outside itself).
  const noPage = /<template id="no-page" data-title="(.*?)">([\s\S]*?)<\/template>/.exec(shellHtml);
  const pageHtml = page ? await page.text() : noPage && `<title>${noPage[1]}</title></head><main id="content">${noPage[2]}</main>`;
  if (!pageHtml) return undefined;
  // The content is the one <main id="content"> of App.astro, up to its own end (provider text
  // in it is escaped, so no </main> is inside); the title is the page's.
  const content = (html: string) => {
    const open = /<main id="content"[^>]*>/.exec(html);
    const end = open ? html.indexOf('</main>', open.index) : -1;
    return open && end !== -1 ? { start: open.index + open[0].length, end } : null;
  };
  const title = /<title>[\s\S]*?<\/title>/;
  const into = content(shellHtml);
  const from = content(pageHtml);
  const pageTitle = title.exec(pageHtml);
  if (!into || !from || !pageTitle || !title.test(shellHtml)) return undefined;
  // The page's styles go along: the shell alone links only what its own parts need.
  const head = pageHtml.slice(0, pageHtml.indexOf('</head>'));
  const styles = (head.match(/<link\b[^>]*rel="stylesheet"[^>]*>|<style\b[^>]*>[\s\S]*?<\/style>/g) ?? []).join('');
  const html = shellHtml.slice(0, into.start) + pageHtml.slice(from.start, from.end) + shellHtml.slice(into.end);
  // Functions, so a `$&` in a provider's name stays as it is. The shell's headers: its Content
  // Security Policy allows the same inline scripts every page has.
  const whole = html.replace('</head>', () => `${styles}</head>`).replace(title, () => pageTitle[0]);
  return new Response(whole, { status: 200, headers: shell.headers });
}

/**
 * Keeps a page the client router showed for the worker (`routedPageOffline`), under its address
 * without the fragment; the oldest go past ROUTED_PAGES_KEPT. Nothing is kept where there is no
 * Cache Storage, and a failure is only logged: a page that is not kept opens offline in the shell.
 */
export async function keepRoutedPage(href: string, html: string): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    const url = new URL(href, location.href);
    url.hash = '';
    const cache = await caches.open(ROUTED_PAGE_CACHE);
    await cache.put(url.href, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ROUTED_PAGES_KEPT)).map((request) => cache.delete(request)));
  } catch (error) {
    console.warn('Could not keep the page for offline use', error);
  }
}

/**
 * What the worker would answer a navigation to `href` with while the site cannot be reached,
 * for the client router to swap in itself (src/components/shell/shell-client.ts): the page kept
 * whole, marked as a kept copy (`keptCopyOf`); else the router's copy, marked the same; else
 * the offline shell. Null without Cache Storage or with nothing kept (the router then loads the
 * address whole, and the worker answers).
 */
export async function standInFor(href: string): Promise<string | null> {
  try {
    if (typeof caches === 'undefined') return null;
    const url = new URL(href, location.href);
    url.hash = '';
    const [whole, routed] = await Promise.all([
      caches.open(PAGE_CACHE).then((cache) => cache.match(url.href)),
      caches.open(ROUTED_PAGE_CACHE).then((cache) => cache.match(url.href)),
    ]);
    const kept = await keptCopyOf({ cachedResponse: whole ?? routed });
    if (kept) return await kept.text();
    const shell = await caches.match(new URL(OFFLINE_SHELL, location.href).href, { ignoreSearch: true });
    return shell ? await shell.text() : null;
  } catch (error) {
    console.warn('Could not read the kept pages', error);
    return null;
  }
}

/**
 * Forgets the pages the service worker kept, and those the page kept for it: once signed out,
 * nobody at this browser may open the last user's pages offline. A failure (no Cache Storage
 * here) is only logged.
 */
export async function forgetCachedPages(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await Promise.all([caches.delete(PAGE_CACHE), caches.delete(ROUTED_PAGE_CACHE)]);
  } catch (error) {
    console.warn('Could not forget the cached pages', error);
  }
}
