import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_PAGES } from '../../src/api/list-pages';
import { hrefOf, ROUTES, type RouteName } from '../../src/lib/routes';
import { parseRoute } from '../../src/stores/route';

// One table of routes (src/lib/routes.ts) makes every link and is what the route store parses:
// a link made for a route must parse back to that route with the same params.
describe('the route registry', () => {
  const awkward = 'a/b ?#%"\'<>😀 ਸੋਹਣੀ';
  const paramsOf = (pattern: string) => Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name, `${name}-${awkward}`]));

  it.each(Object.keys(ROUTES) as RouteName[])('%s: hrefOf parses back to the same route and params', (name) => {
    const params = paramsOf(ROUTES[name]);
    const href = (hrefOf as (route: RouteName, params?: Record<string, string>) => string)(name, params);
    expect(href.startsWith('/')).toBe(true);
    expect(parseRoute(href)).toEqual({ name, params, search: {} });
  });

  it('encodes each param, so an id or a query cannot reach another route', () => {
    expect(hrefOf('artist', { artistId: 'x/albums' })).toBe('/artist/x%2Falbums');
    expect(parseRoute(hrefOf('artist', { artistId: 'x/albums' }))?.name).toBe('artist');
    expect(hrefOf('seeAll', { searchType: 'track', searchQuery: 'rock & roll' })).toBe('/search/track/rock%20&%20roll');
  });

  // Astro 5 finds no page for a path whose decodeURI decodes one escape and keeps another (it takes
  // that for a second level of encoding): the see-all link of "Simon & Garfunkel" was a 404.
  it("makes see-all links that Astro's router reads as one level of encoding, for the queries people type", async () => {
    const { validateAndDecodePathname } = (await import('../../node_modules/astro/dist/core/util/pathname.js')) as { validateAndDecodePathname: (path: string) => string };
    for (const query of ['Simon & Garfunkel', 'Earth, Wind & Fire', 'Beyoncé & Jay-Z', 'a+b=c; d:e @f $g', 'R&B', '100% Sol']) {
      const href = hrefOf('seeAll', { searchType: 'track', searchQuery: query });
      expect(() => validateAndDecodePathname(href), query).not.toThrow();
      expect(parseRoute(href)?.params.searchQuery).toBe(query);
    }
  });

  const src = join(import.meta.dirname, '../../src');
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(astro|tsx?)$/.test(file));

  it('has a route for every page of the app, and a page for every route', () => {
    // The pages outside the shell, and /home (a redirect to /): no route of the app.
    const outside = /^(auth|callback|access_denied|404|500|offline|home|login|session\/.*)$/;
    const pages = sources
      .filter((file) => file.startsWith('pages/') && file.endsWith('.astro'))
      .map((file) => file.slice('pages/'.length, -'.astro'.length).replace(/(^|\/)index$/, ''))
      .filter((path) => !outside.test(path))
      .map((path) => `/${path.replace(/\[(\w+)\]/g, ':$1')}`);
    expect(pages.sort()).toEqual(Object.values(ROUTES).sort());
  });

  // A page of one list is its route, its definition and its page file: the definition names the
  // routes its browser list is tied to, so those must be the routes of the pages that show it, and
  // a page must load the list its island shows.
  it('ties each page of one list to the routes of the page files that show it, each loading the list its island shows', () => {
    const shownBy = new Map<string, string[]>();
    for (const file of sources.filter((name) => name.startsWith('pages/') && name.endsWith('.astro'))) {
      const text = readFileSync(join(src, file), 'utf8');
      const loaded = [...text.matchAll(/LIST_PAGES\.(\w+)/g)].map(([, name]) => name!);
      const shown = [...text.matchAll(/<ListPageView[^>]*\spage="(\w+)"/g)].map(([, name]) => name!);
      expect(shown, file).toEqual(loaded);
      const route = `/${file.slice('pages/'.length, -'.astro'.length).replace(/(^|\/)index$/, '').replace(/\[(\w+)\]/g, ':$1')}`;
      for (const name of shown) shownBy.set(name, [...(shownBy.get(name) ?? []), route]);
    }
    const routesOf = Object.fromEntries(Object.entries(LIST_PAGES).map(([name, page]) => [name, page.routes.map((route) => ROUTES[route]).sort()]));
    expect(Object.fromEntries([...shownBy].map(([name, routes]) => [name, routes.sort()]))).toEqual(routesOf);
  });

  it('makes every link to an app route: none is written by hand in a page, a component or an island', () => {
    const byHand = sources
      .filter((file) => file !== join('lib', 'routes.ts'))
      .flatMap((file) => [...readFileSync(join(src, file), 'utf8').matchAll(/href=["'](\/[^"'#?]*)["']/g)].map(([, path]) => ({ file, path: path! })))
      .filter(({ path }) => parseRoute(path) !== null)
      .map(({ file, path }) => `${file}: ${path}`);
    expect(byHand).toEqual([]);
  });
});
