// The `client:intent` directive (src/components/shell/hydrate-on-intent.ts): islands that hydrate
// when the user acts. Astro inlines a directive's script into each page that uses it; the
// Content Security Policy allows inline scripts by hash only (src/layouts/inline-scripts.ts), so
// the build hands the middleware the very text Astro inlines, made by Astro's own function from
// the same entry (Astro does not export it: read from its files, as Astro 5 lays them out).
import { buildClientDirectiveEntrypoint } from '../../node_modules/astro/dist/core/client-directive/build.js';

export const INTENT_DIRECTIVE = 'intent';
const ENTRY = './src/components/shell/hydrate-on-intent.ts';

export function intentDirectiveIntegration() {
  return {
    name: 'my-music:client-intent',
    hooks: {
      'astro:config:setup': async ({ config, addClientDirective, updateConfig }) => {
        addClientDirective({ name: INTENT_DIRECTIVE, entrypoint: ENTRY });
        const script = await buildClientDirectiveEntrypoint(INTENT_DIRECTIVE, ENTRY, config.root);
        updateConfig({ vite: { define: { __INTENT_DIRECTIVE_SCRIPT__: JSON.stringify(script) } } });
      },
    },
  };
}
