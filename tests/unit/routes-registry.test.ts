import { describe, expect, it } from 'vitest';
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
    expect(hrefOf('seeAll', { searchType: 'track', searchQuery: 'rock & roll' })).toBe('/search/track/rock%20%26%20roll');
  });
});
