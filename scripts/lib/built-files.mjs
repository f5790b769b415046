// The built site's own files (dist/client: the scripts, styles, pictures, the worker), served
// beside its pages. @astrojs/node's standalone handler looked on disk for a file at every
// address before it rendered a page (a stat in the request and one in the thread pool, about
// 0.6 ms of every page's time); the files are known once the build is done, so an address is
// looked up in memory, and a page goes straight to the site's renderer.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import send from 'send';

/** Every file under `clientDir`, by the path that asks for it ('/sw.js', '/_astro/app.js'). */
export function builtFilesOf(clientDir) {
  const files = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.add(`/${relative(clientDir, path).split(sep).join('/')}`);
    }
  };
  walk(clientDir);
  return files;
}

/** The built file `url` (a path and query) asks for, or null for a page of the site. */
export function builtFileAt(url, files) {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return files.has(decoded) ? decoded : null;
}

/**
 * Sends built file `path` as @astrojs/node did (`send`: its type, length, ETag and Last-Modified,
 * 304 to a conditional request, HEAD): the content-hashed files under /_astro/ may be kept for a
 * year; every other one is checked again each time (the worker above all).
 */
export function sendBuiltFile(request, response, path, clientDir) {
  send(request, path, { root: clientDir })
    .on('headers', (res) => {
      if (path.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    })
    .on('error', (error) => {
      response.statusCode = error.status ?? 500;
      response.end();
    })
    .pipe(response);
}
