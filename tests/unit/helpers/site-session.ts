import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { createContext } from 'astro/middleware';
import type { TokenSet } from '../../../src/api/auth';
import { readSiteOrigin } from '../../../src/config/provider';
import { SESSION_ROUTES } from '../../../src/lib/site-request';
import { POST as signOutRoute } from '../../../src/pages/session/sign-out';
import { POST as tokenRoute } from '../../../src/pages/session/token';
import { takeNotice } from '../../../src/server/notice';
import { isAllowedRequest } from '../../../src/server/request-guard';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../../src/server/session-cookie';
import { oneProcessSessionStore, type SessionRecord, type SessionStore as SiteSessionStore } from '../../../src/server/session-store';
import { readTokens, startSession, type SessionContext } from '../../../src/server/session-tokens';
import { createStorage, type Storage } from 'unstorage';

/**
 * The site's server as far as a page's store meets it: a real HTTP server on 127.0.0.1 that
 * answers POST /session/token and POST /session/sign-out with the site's own route handlers
 * (src/pages/session/*.ts), behind the middleware's request guard (src/server/request-guard.ts),
 * so the session, the refresh on the server (session-tokens.ts: the refresher, the in-memory
 * refresh ledger, src/api/auth.ts refreshTokens) and the token URL (a running sandbox) are all
 * the real ones. The page is pointed at it, so the store's relative /session/token reaches it
 * as a page reaches its site. Left out is only Astro's own machinery: the site's store of
 * sessions is a Map here (sessions by id, as the store keeps them on disk or in Redis), while the
 * cookies are Astro's own class (AstroCookies, through astro/middleware's createContext).
 */

/** Sessions by id, each a map of keys to values: what the site's store of sessions holds. */
export type SessionStore = Map<string, Map<string, unknown>>;

/**
 * The site's store of sessions (src/server/session-store.ts) over a SessionStore, as the disk and
 * Redis stores keep them: values copied in and out (they are serialized), so a test cannot change
 * a stored session by holding an object, and a change made to the record as it is stored at that
 * moment, only to one that exists.
 */
export function mapSessionStore(sessions: SessionStore): SiteSessionStore {
  const recordOf = (id: string) => {
    const data = sessions.get(id);
    return data ? structuredClone(Object.fromEntries(data)) : null;
  };
  const keep = (id: string, record: SessionRecord) => sessions.set(id, new Map(Object.entries(structuredClone(record))));
  return {
    read: async (id) => recordOf(id),
    async create(id, record) {
      keep(id, record);
    },
    async change(id, change) {
      const record = recordOf(id);
      const changed = record && change(record);
      if (changed) keep(id, changed);
      return changed ?? record;
    },
    async remove(id) {
      sessions.delete(id);
    },
  };
}

/** A request's context as the site's routes and middleware see it: Astro's context of the request, with the sessions of `sessions`. */
export function siteContext(request: Request, sessions: SessionStore): APIContext & SessionContext {
  const context = createContext({ request, defaultLocale: 'en', locals: {} });
  Object.defineProperty(context, 'sessionStore', { value: mapSessionStore(sessions), enumerable: true });
  return context as APIContext & SessionContext;
}

// Astro's session class, which its package does not export: the tests of overlapping requests use
// the real one, since what they prove is that the site no longer meets its end-of-request save.
const ASTRO_SESSION = new URL('../../../node_modules/astro/dist/core/session.js', import.meta.url).href;

interface AstroSessionModule {
  AstroSession: new (cookies: APIContext['cookies'], config: Record<string, unknown>, mode: string) => Record<symbol, () => Promise<void>>;
  PERSIST_SYMBOL: symbol;
}

/** A request of the built site, and its end as Astro's app ends it (the session saved). */
export type BuiltSiteRequest = APIContext & SessionContext & { finish(): Promise<void> };

/**
 * Requests as the built site gets them, for the tests of requests that overlap: with Astro's own
 * session (its real class, which the site's configuration gives every request, saving the
 * request's copy of the session when it ends: `finish`) beside the site's store of sessions, both
 * over one storage as on disk or in Redis. The site's code reads and writes one of the two; a
 * test looks at what a later request finds.
 */
export async function builtSiteSessions(storage: Storage = createStorage()) {
  const { AstroSession, PERSIST_SYMBOL } = (await import(ASTRO_SESSION)) as AstroSessionModule;
  const store = oneProcessSessionStore(storage);
  return {
    store,
    request(request: Request): BuiltSiteRequest {
      const context = createContext({ request, defaultLocale: 'en', locals: {} });
      // As astro.config.mjs configures it.
      const cookie = { name: SESSION_COOKIE, sameSite: 'lax', secure: false, path: '/' };
      const session = new AstroSession(context.cookies, { driver: 'test', options: { mockStorage: storage }, cookie, ttl: SESSION_TTL_SECONDS }, 'production');
      Object.defineProperty(context, 'session', { value: session, enumerable: true });
      Object.defineProperty(context, 'sessionStore', { value: store, enumerable: true });
      return Object.assign(context as APIContext & SessionContext, { finish: () => session[PERSIST_SYMBOL]!() });
    },
  };
}

/**
 * The browser's cookies for the site. Node's fetch keeps none, so the helper keeps this
 * browser's jar for it: what the site's Set-Cookie headers leave, sent back on the paths
 * they name.
 */
export function cookieJar() {
  const cookies = new Map<string, { value: string; path: string }>();
  return {
    header(path: string): string | null {
      const sent = [...cookies].filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')));
      return sent.length ? sent.map(([name, cookie]) => `${name}=${cookie.value}`).join('; ') : null;
    },
    keep(setCookies: Iterable<string>): void {
      for (const line of setCookies) {
        const [pair = '', ...attributes] = line.split(/;\s*/);
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
        const expires = attribute('expires');
        const maxAge = attribute('max-age');
        const gone = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
        if (gone) cookies.delete(name);
        else cookies.set(name, { value, path: attribute('path') ?? '/' });
      }
    },
  };
}

/** One request the site answered: what the page sent and what it got. */
export interface SiteRequest {
  method: string;
  path: string;
  /** The JSON body sent, or null without one. */
  body: unknown;
  status: number;
}

export interface RunningSite {
  url: string;
  /** Signs this browser in as /callback leaves it: startSession (a new session id holding the tokens) and the cookie it sets. */
  signIn(tokens: TokenSet): Promise<void>;
  /** The tokens this browser's session holds on the server now; null without a session. */
  tokens(): Promise<TokenSet | null>;
  /** Every request answered, in order. */
  requests: SiteRequest[];
  /** The toast the server left this browser's next /auth (src/server/notice.ts), or null. */
  noticeForAuth(): string | null;
  /** Stops the server and points the page and the settings back where they were. */
  stop(): Promise<void>;
}

// Node's fetch resolves a relative URL against undici's global origin, the page's location
// for it (undici's setGlobalOrigin keeps it under this symbol), and sends it as the Origin of
// a POST as a browser does. Node only: under happy-dom, fetch and Request drop the Origin and
// Cookie headers (forbidden to a page's script), so tests of the session run in Node.
const UNDICI_GLOBAL_ORIGIN = Symbol.for('undici.globalOrigin.1');

function pointPageAt(url: string): unknown {
  if (typeof window !== 'undefined') throw new Error('startSite needs the node environment (the client project\'s, not the islands\' happy-dom: vitest.config.ts)');
  const global = globalThis as Record<symbol, unknown>;
  const previous = global[UNDICI_GLOBAL_ORIGIN];
  global[UNDICI_GLOBAL_ORIGIN] = new URL(url);
  return previous;
}

function pointPageBack(previous: unknown): void {
  (globalThis as Record<symbol, unknown>)[UNDICI_GLOBAL_ORIGIN] = previous;
}

let pointed: RunningSite | null = null;

/** The site the page is pointed at, if a test started one: a sign-in then goes through it (helpers/sandbox.ts). */
export function pageSite(): RunningSite | null {
  return pointed;
}

const SETTINGS = ['SITE_URL', 'PROVIDER_TOKEN_URL'] as const;

/**
 * Starts the site's session routes on a free port, with the token URL of the sandbox at
 * `providerUrl` (the site's own settings: SITE_URL and PROVIDER_TOKEN_URL, put back on stop),
 * and points the page at it. Stop sites in the reverse order of starting them.
 */
export async function startSite(providerUrl: string): Promise<RunningSite> {
  const sessions: SessionStore = new Map();
  const jar = cookieJar();
  const requests: SiteRequest[] = [];
  let url = '';

  async function answer(incoming: IncomingMessage): Promise<{ response: Response; setCookies: string[] }> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : null;
    const target = new URL(incoming.url ?? '/', url);
    const method = incoming.method ?? 'GET';
    const headers = new Headers();

    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.delete('cookie');
    const cookie = jar.header(target.pathname);
    if (cookie) headers.set('cookie', cookie);
    const request = new Request(target, { method, headers, body });
    const context = siteContext(request, sessions);
    let response: Response;
    // As src/middleware.ts does before any route: a state change that is not the site's own is refused.
    if (!isAllowedRequest(request, readSiteOrigin())) response = new Response('Cross-site requests are refused.', { status: 403 });
    else if (method === 'POST' && target.pathname === SESSION_ROUTES.token) response = await tokenRoute(context);
    else if (method === 'POST' && target.pathname === SESSION_ROUTES.signOut) response = await signOutRoute(context);
    else response = new Response('Not found', { status: 404 });
    let sent: unknown = null;
    try {
      sent = body?.length ? JSON.parse(body.toString('utf8')) : null;
    } catch {
      sent = body?.toString('utf8') ?? null;
    }
    requests.push({ method, path: target.pathname, body: sent, status: response.status });
    return { response, setCookies: [...context.cookies.headers()] };
  }

  async function serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    try {
      const { response, setCookies } = await answer(incoming);
      jar.keep(setCookies);
      const headers: [string, string][] = [...response.headers, ...setCookies.map((line): [string, string] => ['set-cookie', line])];
      outgoing.writeHead(response.status, headers.flat());
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error('The site helper failed', error);
      outgoing.writeHead(500).end(String(error));
    }
  }

  const server = createServer((incoming, outgoing) => void serve(incoming, outgoing));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
  process.env.SITE_URL = url;
  process.env.PROVIDER_TOKEN_URL = `${providerUrl}/api/token`;
  const previousOrigin = pointPageAt(url);
  const previousSite = pointed;

  // A context for the test's own look at the session, as a request of this browser would bring.
  const browserContext = (path: string) => {
    const cookie = jar.header(path);
    return siteContext(new Request(`${url}${path}`, { headers: cookie ? { cookie } : {} }), sessions);
  };

  const site: RunningSite = {
    url,
    requests,
    async signIn(tokens) {
      const context = browserContext('/callback');
      await startSession(context, tokens);
      jar.keep(context.cookies.headers());
    },
    tokens: () => readTokens(browserContext('/')),
    noticeForAuth: () => takeNotice(browserContext('/auth').cookies),
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const name of SETTINGS) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      pointPageBack(previousOrigin);
      pointed = previousSite;
    },
  };
  pointed = site;
  return site;
}
