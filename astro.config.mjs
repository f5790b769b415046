// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import AstroPWA from '@vite-pwa/astro';
import { loginScript } from './src/layouts/login-script.ts';

// The site is served by @astrojs/node in standalone mode. Output is server because
// the landing and app pages embed the provider configuration read from the environment
// at request time (src/config/provider.ts), so one build serves either provider; pages
// that need no request data say `prerender = true`.
export default defineConfig({
  output: 'server',
  // No link prefetching: it adds a script to every page, the zero-JS /auth included, and
  // bench/navigation.ts measured no gain (the router's page swap is not the fetch).
  prefetch: false,
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
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
        // Pages are rendered per request, so there is no prerendered shell to fall back to:
        // the built assets are precached and pages are cached as they are visited.
        navigateFallback: null,
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && url.origin === self.location.origin && url.pathname !== '/callback',
            handler: 'NetworkFirst',
            options: { cacheName: 'my-music-pages', networkTimeoutSeconds: 4, expiration: { maxEntries: 40 } },
          },
        ],
      },
    }),
  ],
  // /auth inlines src/lib/pkce.ts, bundled at build time (src/layouts/login-script.ts).
  vite: { plugins: [loginScript()] },
  server: { host: '127.0.0.1', port: 4321 },
  site: 'http://127.0.0.1:4321',
});
