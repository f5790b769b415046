// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';

// The site is served by @astrojs/node in standalone mode. Pages that need no
// request data are prerendered; the provider configuration is read from the
// environment at start (src/config/provider.ts), so one build serves either provider.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  site: 'http://127.0.0.1:4321',
});
