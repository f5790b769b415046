// The routes the bench loads: every page file under src/pages, with dynamic
// segments filled by real ids asked of the running sandbox, so a new page is
// measured the day it lands without editing the bench.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './paths.mjs';

/** Routes measured without a token: the zero-JS pages (a signed-in visitor is sent to /). */
const SIGNED_OUT = new Set(['/auth', '/access_denied']);
/** Not measured: error pages are reached by URL below; /callback only passes through. */
const SKIP = new Set(['/404', '/500', '/callback']);
const NOT_FOUND_URL = '/this-page-does-not-exist';

function pageFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(path);
    // Pages only: a .ts file under src/pages is an endpoint (/login, /session/*), not a page to load.
    return /\.(astro|md|mdx)$/.test(name) && !name.startsWith('_') ? [path] : [];
  });
}

/** Every route pattern in src/pages, like '/album/[albumId]'. */
export function routePatterns() {
  const pagesDir = join(ROOT, 'src', 'pages');
  return pageFiles(pagesDir)
    .map((file) => {
      const route = '/' + relative(pagesDir, file).replace(/\.[^.]+$/, '').replace(/(^|\/)index$/, '');
      return route === '/' ? '/' : route.replace(/\/$/, '');
    })
    .filter((route) => !SKIP.has(route))
    .sort();
}

async function getJson(apiBase, token, path) {
  const response = await fetch(`${apiBase}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/** Real ids for the dynamic segments, from the sandbox the bench runs against. */
export async function sampleParams(sandboxUrl, token) {
  const apiBase = `${sandboxUrl}/v1`;
  const found = await getJson(apiBase, token, '/search?q=a&type=album,artist,playlist&limit=1');
  const categories = await getJson(apiBase, token, '/browse/categories?limit=1').catch(() => null);
  const playlist = found.playlists?.items?.find(Boolean);
  return {
    albumId: found.albums?.items?.[0]?.id,
    artistId: found.artists?.items?.[0]?.id,
    playlistId: playlist?.id,
    userId: playlist?.owner?.id,
    categoryId: categories?.categories?.items?.[0]?.id,
    searchType: 'track',
    searchQuery: 'love',
  };
}

/**
 * The URLs to load: each pattern with its parameters filled, plus the 404 page.
 * @returns {{ route: string, url: string, signedIn: boolean, skipped?: string }[]}
 */
export function routesToLoad(patterns, params) {
  const routes = patterns.map((route) => {
    let missing = null;
    const url = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest, name) => {
      const value = rest ? undefined : params[name];
      if (value === undefined) missing = name;
      return encodeURIComponent(value ?? '');
    });
    const entry = { route, url, signedIn: !SIGNED_OUT.has(route) };
    return missing ? { ...entry, skipped: `no sample value for ${missing}` } : entry;
  });
  routes.push({ route: '404 page', url: NOT_FOUND_URL, signedIn: true });
  return routes;
}
