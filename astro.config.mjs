// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import AstroPWA from '@vite-pwa/astro';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intentDirectiveIntegration } from './scripts/lib/intent-directive.mjs';
import { shellChunksIntegration } from './scripts/lib/shell-chunks.mjs';
import {
  keepsVisitedPage,
  keptCopyOf,
  keptForSignedIn,
  noteSignedIn,
  noteSignedOut,
  OFFLINE_SHELL,
  opensInOfflineShell,
  PAGE_CACHE,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  routedPageOffline,
  visitorOffline,
  withAppRoutes,
} from './src/lib/page-cache.ts';

/**
 * The offline shell's precache revision. The server renders the shell, so the build has no
 * file of it to hash; its markup, scripts and styles come from the sources and the packages,
 * so a change to them gives a new revision and the next worker fetches the shell again.
 */
function offlineShellRevision() {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const sources = readdirSync(join(root, 'src'), { recursive: true })
    .map((path) => join('src', String(path)))
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
  const hash = createHash('sha256');
  for (const path of [...sources, 'package-lock.json']) hash.update(path).update(readFileSync(join(root, path)));
  return hash.digest('hex').slice(0, 32);
}

// The site's pages are rendered by @astrojs/node in middleware mode, inside scripts/serve-site.mjs,
// which serves the built files itself (scripts/lib/built-files.mjs). Output is server because
// the landing and app pages embed the provider configuration read from the environment
// at request time (src/config/provider.ts), so one build serves either provider; pages
// that need no request data say `prerender = true`.
export default defineConfig({
  output: 'server',
  // No link prefetching: it adds a script to every page, the zero-JS /auth included, and
  // bench/navigation.ts measured no gain (the router's page swap is not the fetch).
  prefetch: false,
  adapter: node({ mode: 'middleware' }),
  integrations: [
    // Islands render on the server with React's renderToString, not a web stream read back into
    // a string: a page's sections already stream as Astro components (Streamed.astro), and an
    // island's stream only cost CPU (encoding each chunk, then decoding it): album renders 10-12%
    // faster at the median (BENCHMARKS.md). @astrojs/react then renders without the island's
    // identifierPrefix, so no island may call useId (tests/unit/island-ids.test.ts holds that).
    react({ experimentalDisableStreaming: true }),
    {
      // Islands start once the page's first screen is in (src/components/shell/first-screen.ts).
      name: 'my-music:islands-after-first-screen',
      hooks: {
        'astro:config:setup': ({ injectScript }) => injectScript('before-hydration', "import '/src/components/shell/before-hydration.ts';"),
      },
    },
    // client:intent: server-rendered islands hydrate when the user acts (src/components/shell/hydrate-on-intent.ts).
    intentDirectiveIntegration(),
    shellChunksIntegration(fileURLToPath(new URL('.', import.meta.url))),
    AstroPWA({
      registerType: 'autoUpdate',
      // App pages register the worker themselves (src/components/shell/shell-client.ts),
      // so the zero-JS landing page stays without a script.
      injectRegister: false,
      filename: 'sw.js',
      manifest: {
        name: 'My Music',
        short_name: 'My Music',
        description: 'Stream, search and collect the music you love.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0a0b10',
        theme_color: '#0a0b10',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // A new worker takes over at once; the page then reloads itself (registerType
        // autoUpdate), which is SPEC §1's "auto-reloads when an update takes control".
        skipWaiting: true,
        clientsClaim: true,
        // Pages are rendered per request and cached as they are visited; the built assets and
        // the offline shell are precached. No navigation is answered with the shell while the
        // network answers (navigateFallback would do that).
        navigateFallback: null,
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        // The shell is added here rather than in additionalManifestEntries, a list vite-plugin-pwa
        // appends the web manifest to in each pass of the build (it would be listed twice). This
        // stands in for @vite-pwa/astro's own transform, which names prerendered .html files: none here.
        manifestTransforms: [
          (entries) => ({ manifest: [...entries, { url: OFFLINE_SHELL, revision: offlineShellRevision(), size: 0 }], warnings: [] }),
        ],
        // The rules live in src/lib/page-cache.ts (unit-tested there); the build inlines their source.
        // Signing in and the session routes are never cached (they answer per session), and
        // neither is anything but a navigation (the token is a POST).
        runtimeCaching: [
          {
            // An app page the network cannot bring and the cache does not hold whole: the page as the
            // client router last showed it, in the offline shell (an address that is no page: the
            // site's Page Not Found, in it); else the offline shell alone. All at the address the
            // user opened (not a redirect), instead of the browser's error page. A visitor (the
            // site's last page was theirs) is sent to the landing page instead, as the site sends
            // one, and never gets a page kept for the last user. The plugins answer in this order.
            urlPattern: opensInOfflineShell,
            handler: 'NetworkFirst',
            options: {
              cacheName: PAGE_CACHE,
              // A page the site is slow to send is waited for (its own error says what went wrong);
              // a copy the worker kept stands in when the site does not answer, and says so.
              networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
              expiration: { maxEntries: 40 },
              // Pages only: by default the strategy keeps an opaque answer too, and a visitor's
              // redirect to /auth (a bookmark opened signed out) was kept at the page's address,
              // then shown to the signed-in user offline instead of the offline shell.
              cacheableResponse: { statuses: [200] },
              plugins: [
                { fetchDidSucceed: noteSignedIn, cachedResponseWillBeUsed: keptForSignedIn, handlerDidError: visitorOffline },
                { cachedResponseWillBeUsed: keptCopyOf, handlerDidError: withAppRoutes(routedPageOffline) },
              ],
              precacheFallback: { fallbackURL: OFFLINE_SHELL },
            },
          },
          {
            // The pages outside the shell (landing, access denied, not found) are kept as visited, with
            // no fallback; the landing page, or access denied, the site answered says nobody is signed in.
            urlPattern: keepsVisitedPage,
            handler: 'NetworkFirst',
            options: {
              cacheName: PAGE_CACHE,
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 40 },
              cacheableResponse: { statuses: [200] },
              plugins: [{ fetchDidSucceed: noteSignedOut, cachedResponseWillBeUsed: keptCopyOf }],
            },
          },
        ],
      },
    }),
  ],
  // The session lives on the server (DESIGN §1): the cookie carries only its id, and the site
  // keeps the record through src/server/session-store.ts (Redis with REDIS_URL, else disk), never
  // through Astro's sessions, which save a request's whole copy as it ends (a sign-out or a newer
  // refresh was undone), so they are not configured.
  // Astro's own origin check compares the Origin header with the request's host, which it does
  // not trust here (it reads http://localhost); src/server/request-guard.ts checks every
  // state-changing request against SITE_URL and the site's custom header instead.
  security: { checkOrigin: false },
  server: { host: '127.0.0.1', port: 4321 },
  site: 'http://127.0.0.1:4321',
});
