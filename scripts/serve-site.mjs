// Runs the built site: `node scripts/serve-site.mjs [dist-dir]` (dist/ by default), with HOST
// and PORT. It serves the built files itself and hands every other address to the adapter's
// handler (@astrojs/node in middleware mode), which renders the site's pages:
// - the built files (scripts, styles, images, the service worker) are known once, so an address is
//   looked up in memory (lib/built-files.mjs) where the adapter looked on disk before every page;
//   they leave past the site's middleware, so they get the security headers every response of
//   the site carries here. These are set first; a page the site renders replaces them with its
//   own (the whole Content Security Policy, src/middleware.ts);
// - an address that is not valid percent-encoding gets a page of the site, not the adapter's bare
//   "Bad request." (lib/site-address.mjs), and headers too large to read a page saying what to do
//   (lib/client-error.mjs), not a blank 431;
// - the adapter compresses nothing: a page with its content and its islands' seeds is 25-120 KB
//   of HTML (7-17 KB compressed), and the scripts three times their gzipped size. `compression`
//   (expressjs) answers in gzip or brotli as the browser accepts, with Vary, and leaves alone
//   what is too small or not compressible; it flushes every write, for the pages that stream,
//   and the writes made in one turn of the event loop reach it as one (lib/batched-writes.mjs).
import compression from 'compression';
import { createServer } from 'node:http';
import { constants as zlib } from 'node:zlib';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { batchWrites } from './lib/batched-writes.mjs';
import { builtFileAt, builtFilesOf, sendBuiltFile } from './lib/built-files.mjs';
import { answerClientError } from './lib/client-error.mjs';
import { addressForSite } from './lib/site-address.mjs';
import { ROOT } from './lib/paths.mjs';

/**
 * What a built file carries, and the page of a request too large to read (lib/client-error.mjs):
 * src/lib/security-headers.ts's FIXED_HEADERS (a unit test keeps the two equal) and a policy
 * that lets no other site frame it. No fetch or script rule: the service worker is a built file
 * too, and a worker lives by its script's policy.
 */
export const BUILT_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy':
    'accelerometer=(), camera=(), clipboard-read=(), clipboard-write=(), display-capture=(), fullscreen=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), autoplay=(self), encrypted-media=(self), picture-in-picture=(self)',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/**
 * The site's answer to a request Node could not read (lib/client-error.mjs), with the headers
 * every other answer carries.
 * @param {Error & { code?: string }} error
 * @param {import('node:net').Socket} socket
 */
export function answerSiteClientError(error, socket) {
  answerClientError(error, socket, BUILT_FILE_HEADERS);
}

async function main() {
  const distDir = resolve(process.argv[2] ?? join(ROOT, 'dist'));
  // The built server imports react-dom/server from node_modules, which picks its build by
  // NODE_ENV when first loaded; Astro's build does not set it, so pages were rendered by
  // React's development build (slower, with its extra checks). Set before the import.
  process.env.NODE_ENV ??= 'production';
  // The adapter's handler renders the site's pages (astro.config.mjs: middleware mode); its own
  // files are served here (lib/built-files.mjs).
  const { handler } = await import(pathToFileURL(join(distDir, 'server', 'entry.mjs')).href);
  const clientDir = join(distDir, 'client');
  const builtFiles = builtFilesOf(clientDir);
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 4321);
  // Every write leaves compressed at once: a page that streams (home) sends its shell before
  // the provider answered, and a compressor waiting to fill its block would hold it back.
  const compress = compression({ flush: zlib.Z_SYNC_FLUSH, brotli: { flush: zlib.BROTLI_OPERATION_FLUSH } });
  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(BUILT_FILE_HEADERS)) response.setHeader(name, value);
    compress(request, response, () => {
      batchWrites(response);
      request.url = addressForSite(request.url ?? '/');
      const file = builtFileAt(request.url, builtFiles);
      if (file) sendBuiltFile(request, response, file, clientDir);
      else handler(request, response);
    });
  });
  // Headers over Node's limit (cookies piled up) get a page that says what to do (lib/client-error.mjs).
  server.on('clientError', answerSiteClientError);
  server.listen(port, host, () => console.log(`Server listening on http://${host}:${port}`));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections(); // keep-alive sockets would hold the close open
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
