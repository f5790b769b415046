import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Build-time only (astro.config.mjs and the unit tests load it, never a page): the
// login script is src/lib/pkce.ts itself, bundled and inlined in /auth's <head>, so
// the landing page keeps zero JS files and there is one PKCE implementation.

// From the module's own path (a DOM test environment replaces the global URL).
const ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), 'login-entry.ts');
const VIRTUAL_ID = 'virtual:login-script';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

// DESIGN §3: what a zero-JS page cannot do without is inline and tiny; the build holds it under 2 KB.
const LOGIN_SCRIPT_MAX_BYTES = 2048;

/** Bundles src/layouts/login-entry.ts into one minified IIFE; also names the files it read. */
export async function buildLoginScript(): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // Inside an inline <script>, "</script" would end the element early.
  const code = (result.outputFiles[0]?.text ?? '').trim().replace(/<\/(script)/gi, '<\\/$1');
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)) };
}

/** Vite plugin: `import { LOGIN_SCRIPT } from 'virtual:login-script'` gives the bundled script as text. */
export function loginScript(): Plugin {
  return {
    name: 'my-music:login-script',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { code, inputs } = await buildLoginScript();
      for (const input of inputs) this.addWatchFile(input);
      const bytes = new TextEncoder().encode(code).length;
      if (bytes >= LOGIN_SCRIPT_MAX_BYTES) this.error(`The inline login script is ${bytes} bytes; it must stay under ${LOGIN_SCRIPT_MAX_BYTES}`);
      return `export const LOGIN_SCRIPT = ${JSON.stringify(code)};`;
    },
  };
}
