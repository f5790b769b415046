// The service worker's navigation rules (src/lib/page-cache.ts): which pages it keeps as they
// are visited, and which it answers with the offline shell when it has neither network nor copy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, forgetCachedPages, KEPT_COPY_ATTRIBUTE, keepsVisitedPage, keptCopyOf, keptForSignedIn, noteSignedIn, noteSignedOut, opensInOfflineShell, PAGE_CACHE, ROUTED_PAGE_CACHE, routedPageOffline, SIGNED_OUT_MARK, visitorOffline, withAppRoutes, type WorkerRequest } from '../../src/lib/page-cache';
import { hrefOf, ROUTES, type RouteName } from '../../src/lib/routes';
import { SESSION_ROUTES } from '../../src/lib/site-request';
import { accessOf } from '../../src/server/route-access';

const SITE = 'https://music.example';
const navigation = (path: string, origin = SITE): WorkerRequest => ({ request: { mode: 'navigate' }, url: new URL(path, origin), sameOrigin: origin === SITE });

/** Every app route as the address bar holds it. */
const APP_PAGES = (Object.keys(ROUTES) as RouteName[]).map((name) => {
  const params = Object.fromEntries([...ROUTES[name].matchAll(/:(\w+)/g)].map(([, param]) => [param, `${param}-1`]));
  return (hrefOf as (route: RouteName, params?: Record<string, string>) => string)(name, params);
});
const OUTSIDE_SHELL = ['/auth', '/access_denied', '/callback', '/login', ...Object.values(SESSION_ROUTES), '/404', '/500', '/offline'];

/** The rule as the worker runs it: its source alone, inlined by the build (astro.config.mjs). */
const inlined = <Rule extends (request: WorkerRequest) => boolean>(rule: Rule): Rule => new Function(`return (${rule.toString()})`)() as Rule;

describe('the offline shell', () => {
  it('stands in for every app route, with or without a query, and for nothing the server keeps outside the shell', () => {
    for (const path of [...APP_PAGES, '/home', '/search?q=rock']) expect(opensInOfflineShell(navigation(path)), path).toBe(true);
    for (const path of OUTSIDE_SHELL) expect(opensInOfflineShell(navigation(path)), path).toBe(false);
  });

  it('follows who may see which route: the app routes are the ones the server keeps for the signed in', () => {
    // '/authors' is no route (the server answers its 404 page), and /auth's rule does not take it.
    for (const path of [...APP_PAGES, ...OUTSIDE_SHELL, '/authors']) expect(opensInOfflineShell(navigation(path)), path).toBe(accessOf(path) === 'app');
  });

  it('answers only navigations of the site', () => {
    expect(opensInOfflineShell({ ...navigation('/collection'), request: { mode: 'cors' } })).toBe(false);
    expect(opensInOfflineShell(navigation('/collection', 'https://elsewhere.example'))).toBe(false);
  });
});

describe("the app's routes, as the worker holds them", () => {
  it('are every route of the table, and no other address', () => {
    for (const path of [...APP_PAGES, '/collection/', '/user/u-1']) expect(APP_ROUTES.test(path), path).toBe(true);
    for (const path of ['/nope/xyz', '/authors', '/album', '/album/a1/tracks', '/user/me/nope', '/collection/albums/x', '/home']) expect(APP_ROUTES.test(path), path).toBe(false);
  });

  it("are written into the source of the worker's answer that needs them", () => {
    const answer = withAppRoutes((_: unknown, appRoutes: RegExp) => appRoutes);
    const inWorker = new Function(`return (${answer.toString()})`)() as typeof answer;
    expect(inWorker(null).source).toBe(APP_ROUTES.source);
  });
});

describe('who is signed in, as the worker knows it offline', () => {
  /** Cache Storage as the worker sees it: whether the mark is there, and the addresses each cache of pages keeps (`kept`: by cache, paths). */
  function withMark(marked: boolean, kept: Record<string, string[]> = {}) {
    const mark = { on: marked };
    const stores = new Map(Object.entries(kept).map(([name, paths]) => [name, new Set(paths.map((path) => `${SITE}${path}`))]));
    vi.stubGlobal('caches', {
      has: async (name: string) => name === SIGNED_OUT_MARK && mark.on,
      open: async (name: string) => {
        if (name === SIGNED_OUT_MARK) mark.on = true;
        const urls = stores.get(name) ?? new Set<string>();
        stores.set(name, urls);
        return {
          keys: async () => [...urls].map((url) => new Request(url)),
          delete: async (entry: Request | string) => urls.delete(typeof entry === 'string' ? entry : entry.url),
        };
      },
      delete: async (name: string) => (name === SIGNED_OUT_MARK ? !(mark.on = false) : stores.delete(name)),
    });
    return Object.assign(mark, { kept: (name: string) => [...(stores.get(name) ?? [])].map((url) => new URL(url).pathname) });
  }
  afterEach(() => vi.unstubAllGlobals());
  /** A plugin as the worker runs it: its source alone, inlined by the build (astro.config.mjs). */
  const worker = <Plugin extends (...args: never[]) => unknown>(plugin: Plugin): Plugin => new Function(`return (${plugin.toString()})`)() as Plugin;
  const page = (status = 200) => new Response('<html></html>', { status, headers: { 'Content-Type': 'text/html' } });
  const request = (path: string) => new Request(`${SITE}${path}`);

  it("is a visitor once the site answered the landing page or access denied, and the signed-in user once it answered an app page", async () => {
    const mark = withMark(false);
    const answer = page();
    expect(await worker(noteSignedOut)({ request: request('/auth'), response: answer })).toBe(answer);
    expect(mark.on).toBe(true);
    await worker(noteSignedIn)({ response: page(404) }); // an address that is no page says nothing
    expect(mark.on).toBe(true);
    await worker(noteSignedIn)({ response: page() });
    expect(mark.on).toBe(false);
    await worker(noteSignedOut)({ request: request('/404'), response: page() });
    expect(mark.on).toBe(false);
    await worker(noteSignedOut)({ request: request('/access_denied'), response: page() });
    expect(mark.on).toBe(true);
  });

  it("forgets the last user's app pages as it learns nobody is signed in, though the session ended with no LogOut", async () => {
    const appPages = ['/', '/collection', '/album/a1', '/search?q=rock'];
    const mark = withMark(false, { [PAGE_CACHE]: ['/auth', '/access_denied', '/404', ...appPages], [ROUTED_PAGE_CACHE]: ['/user/me', '/playlist/p1'] });
    // An app page's answer says nothing of the kind: everything stays.
    await worker(noteSignedIn)({ response: page() });
    await worker(noteSignedOut)({ request: request('/404'), response: page() });
    expect(mark.kept(PAGE_CACHE)).toHaveLength(7);
    expect(mark.kept(ROUTED_PAGE_CACHE)).toHaveLength(2);
    // A landing page the site did not answer (a 503 of a proxy) says nothing either.
    await worker(noteSignedOut)({ request: request('/auth'), response: page(503) });
    expect(mark.kept(ROUTED_PAGE_CACHE)).toHaveLength(2);

    await worker(noteSignedOut)({ request: request('/auth'), response: page() });
    expect(mark.on).toBe(true);
    expect(mark.kept(PAGE_CACHE).sort()).toEqual(['/404', '/access_denied', '/auth']);
    expect(mark.kept(ROUTED_PAGE_CACHE)).toEqual([]);
  });

  it('sends a visitor from an app address to the landing page, and never shows one the pages kept for the last user', async () => {
    withMark(true);
    const answer = (await worker(visitorOffline)({ request: request('/collection') }))!;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(`${SITE}/auth`);
    expect(await worker(keptForSignedIn)({ cachedResponse: page() })).toBeNull();
  });

  it('leaves the signed-in user, or a worker with no word yet, to the app: its kept pages and its offline shell', async () => {
    withMark(false);
    const kept = page();
    expect(await worker(visitorOffline)({ request: request('/collection') })).toBeUndefined();
    expect(await worker(keptForSignedIn)({ cachedResponse: kept })).toBe(kept);
  });
});

describe('the pages kept as visited', () => {
  it('are the app routes and the pages outside the shell, never signing in or the session routes', () => {
    for (const path of [...APP_PAGES, '/auth', '/access_denied', '/404']) expect(keepsVisitedPage(navigation(path)), path).toBe(true);
    for (const path of ['/login', '/callback', ...Object.values(SESSION_ROUTES)]) expect(keepsVisitedPage(navigation(path)), path).toBe(false);
    expect(keepsVisitedPage({ ...navigation('/collection'), request: { mode: 'same-origin' } })).toBe(false);
  });
});

describe('the rules inlined in the worker', () => {
  it('refer to nothing outside themselves and decide the same', () => {
    for (const rule of [keepsVisitedPage, opensInOfflineShell]) {
      const worker = inlined(rule);
      for (const path of [...APP_PAGES, ...OUTSIDE_SHELL]) expect(worker(navigation(path)), `${rule.name} ${path}`).toBe(rule(navigation(path)));
    }
  });
});

describe('a page the client router showed, opened offline', () => {
  // As offline.astro renders it: the screen, and the site's Page Not Found in a template for an address that is no page.
  const NO_PAGE = '<template id="no-page" data-title="Page Not Found | My Music"><div role="alert"><h1>Page Not Found</h1><a class="button" href="/">Go Back</a></div></template>';
  const SHELL = `<!doctype html><html><head><title>Internet Connection Problem</title><meta name="my-music-page" content="offline-shell"></head><body><nav>shell</nav><main id="content" class="content" tabindex="-1"><div role="alert">Internet Connection Problem</div>${NO_PAGE}</main><div id="player-card"></div></body></html>`;
  const PAGE = '<!doctype html><html><head><title>Money $& Sons | My Music</title><link rel="stylesheet" href="/_astro/content.css"><style>.x{color:red}</style></head><body><nav></nav><main id="content" class="content" tabindex="-1"><h1>Money $&amp; Sons</h1><ol><li>Track</li></ol></main><div id="player-card"></div></body></html>';
  const POLICY = "script-src 'self' 'sha256-abc'";

  /** Cache Storage as the worker sees it: the routed pages the page kept, and the precached shell. */
  function withCaches(routed: Record<string, string>) {
    const html = (body: string, headers: Record<string, string> = {}) => new Response(body, { headers: { 'Content-Type': 'text/html', ...headers } });
    vi.stubGlobal('caches', {
      open: async (name: string) => ({ match: async (url: string) => (name === ROUTED_PAGE_CACHE && routed[url] ? html(routed[url]!) : undefined) }),
      match: async (url: string, options?: { ignoreSearch?: boolean }) => (url === `${SITE}/offline` && options?.ignoreSearch ? html(SHELL, { 'Content-Security-Policy': POLICY }) : undefined),
    });
  }
  afterEach(() => vi.unstubAllGlobals());

  /** What the worker answers for a navigation to `path`, by the rule as its build inlines it. */
  const answer = async (path: string) => {
    const worker = new Function(`return (${withAppRoutes(routedPageOffline).toString()})`)() as (param: { request: Request }) => Promise<Response | undefined>;
    return worker({ request: new Request(`${SITE}${path}`) });
  };

  it("shows its content and title inside the offline shell, under the shell's headers", async () => {
    withCaches({ [`${SITE}/album/a1`]: PAGE });
    const response = (await answer('/album/a1'))!;
    const html = await response.text();
    expect(html).toContain('<h1>Money $&amp; Sons</h1><ol><li>Track</li></ol></main><div id="player-card">');
    expect(html).toContain('<nav>shell</nav>');
    expect(html).not.toContain('role="alert"');
    expect(html).toContain('<title>Money $& Sons | My Music</title>');
    // Its styles come along: the shell links only those of its own parts.
    expect(html).toContain('<link rel="stylesheet" href="/_astro/content.css"><style>.x{color:red}</style></head>');
    expect(html).toContain('content="offline-shell"'); // it still loads the real page once online
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY);
  });

  it("answers an address that is no page with the site's Page Not Found, in the shell, not a page never opened here", async () => {
    withCaches({ [`${SITE}/nope/xyz`]: PAGE });
    const html = await (await answer('/nope/xyz'))!.text();
    expect(html).toContain('<main id="content" class="content" tabindex="-1"><div role="alert"><h1>Page Not Found</h1><a class="button" href="/">Go Back</a></div></main>');
    expect(html).toContain('<title>Page Not Found | My Music</title>');
    expect(html).not.toContain('Internet Connection Problem</div>');
    expect(html).not.toContain('<template');
    expect(html).toContain('<nav>shell</nav>');
  });

  it('leaves a page never shown, or one without its content, to the offline shell alone', async () => {
    withCaches({ [`${SITE}/album/a2`]: '<html><head><title>x</title></head><body>no content</body></html>' });
    expect(await answer('/album/a1')).toBeUndefined();
    expect(await answer('/album/a2')).toBeUndefined();
  });
});

describe('a copy the worker kept, served because the site did not answer', () => {
  /** The plugin as the worker runs it: its source alone, inlined by the build (astro.config.mjs). */
  const served = (cachedResponse?: Response | null) => (new Function(`return (${keptCopyOf.toString()})`)() as typeof keptCopyOf)({ cachedResponse });
  // As ServerToast.astro writes one, the provider's words escaped.
  const toast = (words: string) => `<div class="server-toast" role="status" aria-live="polite"><span>${words}</span></div>`;
  const PAGE = `<!doctype html><html lang="en" data-theme="dark"><head><title>Album</title></head><body><main id="content"><h1>Tom &amp; Jerry</h1></main>${toast('Internal Server Error')}${toast('Rock &amp; &lt;Roll&gt;')}</body></html>`;

  it('is marked as the kept copy, for the page to say there is no connection', async () => {
    const html = await (await served(new Response(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })))!.text();
    expect(html).toMatch(new RegExp(`^<!doctype html><html ${KEPT_COPY_ATTRIBUTE} lang="en" data-theme="dark"><head>`));
    expect(html).toContain('<h1>Tom &amp; Jerry</h1>');
  });

  it("leaves out the toasts the server wrote into it: they told what failed then, not now", async () => {
    const html = await (await served(new Response(PAGE, { headers: { 'Content-Type': 'text/html' } })))!.text();
    expect(html).not.toContain('server-toast');
    expect(html).toContain('</main></body></html>');
  });

  it('keeps its status and headers, less the length and encoding of the body the site sent', async () => {
    const response = (await served(new Response(PAGE, { status: 200, headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "script-src 'self'", 'Content-Length': '12', 'Content-Encoding': 'gzip' } })))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe("script-src 'self'");
    expect(response.headers.get('Content-Length')).toBeNull();
    expect(response.headers.get('Content-Encoding')).toBeNull();
  });

  it('passes on what is not a page, and no copy at all, as it is', async () => {
    const image = new Response('png', { headers: { 'Content-Type': 'image/png' } });
    expect(await served(image)).toBe(image);
    expect(await served(undefined)).toBeUndefined();
    expect(await served(null)).toBeNull();
  });
});

describe('signing out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("forgets the worker's pages and the ones the page kept for it", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    await forgetCachedPages();
    expect(deleted.sort()).toEqual([PAGE_CACHE, ROUTED_PAGE_CACHE].sort());
  });
});
