// The service worker's navigation rules (src/lib/page-cache.ts): which pages it keeps as they
// are visited, and which it answers with the offline shell when it has neither network nor copy.
import { describe, expect, it } from 'vitest';
import { keepsVisitedPage, opensInOfflineShell, type WorkerRequest } from '../../src/lib/page-cache';
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
