// Modules made at build time by the Vite plugins of astro.config.mjs.
declare module 'virtual:login-script' {
  /** The /auth login script (src/layouts/login-entry.ts with src/lib/pkce.ts), bundled and minified, for inlining. */
  export const LOGIN_SCRIPT: string;
}
