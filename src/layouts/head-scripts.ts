/**
 * The tiny inline scripts that must run in <head> before the first paint, kept as
 * strings so pages inline them (no request, no bundle) and unit tests can run them.
 * They read the seed's localStorage keys, whose values are JSON text; a raw value
 * is accepted too so a hand-edited entry never locks anyone out.
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

/**
 * /auth: hero and plan buttons ([data-login]) start the authorization code flow with
 * PKCE S256 (DESIGN §2). Verifier and state go to sessionStorage as agreed in
 * docs/team-contracts.md; /callback (the session store's completeLogin) checks them.
 */
export const LOGIN_SCRIPT =
  "(function(){" +
  "function b(a){return btoa(String.fromCharCode.apply(null,new Uint8Array(a))).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'')}" +
  "function n(k){return b(crypto.getRandomValues(new Uint8Array(k)))}" +
  "async function go(){var c=JSON.parse(document.getElementById('provider-config').textContent),v=n(48),s=n(24)," +
  "h=b(await crypto.subtle.digest('SHA-256',new TextEncoder().encode(v)));" +
  "sessionStorage.setItem('PKCE_VERIFIER',JSON.stringify(v));sessionStorage.setItem('PKCE_STATE',JSON.stringify(s));" +
  "var q=new URLSearchParams({response_type:'code',client_id:c.clientId,redirect_uri:c.redirectUri,scope:c.scopes.join(' '),state:s,code_challenge_method:'S256',code_challenge:h});" +
  "location.assign(c.authorizeUrl+(c.authorizeUrl.indexOf('?')<0?'?':'&')+q)}" +
  "document.addEventListener('click',function(e){var l=e.target.closest&&e.target.closest('[data-login]');if(l){e.preventDefault();go()}})})();";
