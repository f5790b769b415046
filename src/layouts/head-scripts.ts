/**
 * The tiny inline scripts that must run in <head> before the first paint, kept as
 * strings so pages inline them (no request, no bundle) and unit tests can run them.
 * They read the seed's localStorage keys, whose values are JSON text; a raw value
 * is accepted too so a hand-edited entry never locks anyone out. The login script is
 * not written here: it is src/lib/pkce.ts, bundled at build time (login-script.ts).
 */

// Reads a stored value: JSON text first, raw text as a fallback.
const READ = "function r(k){var v=localStorage.getItem(k);try{return JSON.parse(v)}catch(e){return v}}";

/** Applies the stored theme (dark by default) and keeps it across ClientRouter swaps, whose new <html> would otherwise drop it. */
export const THEME_SCRIPT =
  "(function(){" + READ +
  "function t(){try{return r('THEME_MODE_VALUE')==='light'?'light':'dark'}catch(e){return'dark'}}" +
  "document.documentElement.setAttribute('data-theme',t());" +
  "if(window.__mmTheme)return;window.__mmTheme=1;" +
  "document.addEventListener('astro:before-swap',function(e){e.newDocument.documentElement.setAttribute('data-theme',t())})})();";

/** App pages: a visitor without a stored token goes to /auth, replacing history, and never sees the shell. */
export const SIGNED_OUT_GUARD_SCRIPT =
  "(function(){" + READ +
  "var t=null;try{t=r('ACCESS_TOKEN')}catch(e){}" +
  "if(typeof t!=='string'||!t){document.documentElement.style.visibility='hidden';location.replace('/auth')}})();";

/** /auth and /access_denied: a signed-in user goes to /, replacing history. */
export const SIGNED_IN_REDIRECT_SCRIPT =
  "(function(){" + READ +
  "var t=null;try{t=r('ACCESS_TOKEN')}catch(e){}" +
  "if(typeof t==='string'&&t){document.documentElement.style.visibility='hidden';location.replace('/')}})();";
