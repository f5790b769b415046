/**
 * The tiny inline scripts that must run in <head> before the first paint, kept as
 * strings so pages inline them (no request, no bundle) and unit tests can run them.
 * They read the seed's localStorage keys, whose values are JSON text. Who is signed in is the
 * server's to decide (src/middleware.ts), so no script here guards a page.
 */

// Reads a stored value as JSON text; one that is not reads as none, so its default applies, as the
// stores read it (src/lib/storage.ts, SPEC §8: a failed read falls back to the default). A raw
// 'light' once painted the light theme while the theme store held dark, and the first toggle
// then changed nothing on screen.
const READ = "function r(k){var v=localStorage.getItem(k);try{return JSON.parse(v)}catch(e){return null}}";

import { BROWSER_BAR_COLOURS } from '../lib/browser-bar';
import { PAGE_CACHE, ROUTED_PAGE_CACHE } from '../lib/page-cache';
import { SIGN_OUT_MARK } from '../lib/storage';
import { PAGE_SESSION_META } from '../lib/site-request';

// Forgets the storage, and tells every other tab (the storage event of the clear): marked first
// (storage.ts SIGN_OUT_MARK), since the clear of an empty storage tells no tab, and the free
// account, with no player device to keep, often stores nothing at all.
const FORGET_STORAGE =
  "try{localStorage.setItem(" + JSON.stringify(SIGN_OUT_MARK) + ",'1')}catch(e){}localStorage.clear();sessionStorage.clear();";

/**
 * SPEC §8: a 401 or a 403 that ended the session clears local storage. The server ends the
 * session and sends the browser to /auth or /access_denied, pages without any other script:
 * this one forgets what the browser kept (its storage and both caches of pages: those loaded
 * whole and those the client router showed) before the theme script reads it. /login runs it too
 * as it ends a session on the way to the provider; its clear is what sends that session's other
 * tabs to /auth.
 */
export const FORGET_SESSION_SCRIPT =
  "try{" + FORGET_STORAGE + "self.caches&&(caches.delete(" + JSON.stringify(PAGE_CACHE) + "),caches.delete(" + JSON.stringify(ROUTED_PAGE_CACHE) + "))}catch(e){}";

/**
 * The first page of a new session forgets what the browser kept of any earlier one, as
 * FORGET_SESSION_SCRIPT does, and its clear tells a tab still open on the last account's pages
 * (a session that ended without a LogOut) to leave them. But the worker is keeping this very page
 * as it arrives, into the cache it opened at the answer's first bytes: the whole cache deleted
 * under it, the new account's first page was never kept (offline right after signing in, home
 * "has not been opened on this device before"). So the pages loaded whole go one by one once the
 * page is parsed, but for a copy of this session's own (its head's `my-music-session` mark,
 * session-tokens.ts sessionTagOf), which the earlier account's copy of the same address never has.
 */
export const NEW_SESSION_SCRIPT =
  "try{" + FORGET_STORAGE + "if(self.caches){caches.delete(" + JSON.stringify(ROUTED_PAGE_CACHE) + ");" +
  "document.addEventListener('DOMContentLoaded',function(){var m=document.querySelector('meta[name=\"" + PAGE_SESSION_META + "\"]'),t=m&&m.getAttribute('content');" +
  "caches.open(" + JSON.stringify(PAGE_CACHE) + ").then(function(c){return c.keys().then(function(ks){ks.forEach(function(k){" +
  "(t?c.match(k).then(function(r){return r?r.text():''}):Promise.resolve('')).then(function(h){if(!t||h.indexOf(t)<0)c.delete(k)})})})})})}}catch(e){}";

/**
 * Marks the page's root (<html>) before the first paint with what only the browser knows, and
 * keeps the marks across ClientRouter swaps, whose new <html> would otherwise drop them (one
 * script: one hash in the CSP):
 * - `data-theme`, the stored theme (dark by default), and the browser's bar in its page's colour
 *   (the theme-color meta, which the theme store changes on a toggle: src/stores/theme.ts);
 * - `data-mini-player`, where the browser opens a mini-player window (Document
 *   Picture-in-Picture): the buttons that open one are in the server's HTML and show from the
 *   first paint where it does (global.css), instead of coming under the pointer once the islands
 *   hydrate on the first input.
 */
export const ROOT_MARKS_SCRIPT =
  "(function(){" + READ +
  "function t(){try{return r('THEME_MODE_VALUE')==='light'?'light':'dark'}catch(e){return'dark'}}" +
  "var c=" + JSON.stringify(BROWSER_BAR_COLOURS) + ";" +
  "function k(d){var v=t(),b=d.querySelector('meta[name=theme-color]'),h=d.documentElement;" +
  "h.setAttribute('data-theme',v);b&&b.setAttribute('content',c[v]);h.toggleAttribute('data-mini-player','documentPictureInPicture'in window)}" +
  "k(document);" +
  "if(window.__mmTheme)return;window.__mmTheme=1;" +
  "document.addEventListener('astro:before-swap',function(e){k(e.newDocument)})})();";

/**
 * Page swaps without the View Transition API. Astro's ClientRouter uses it where the browser has
 * it: each swap then waits for a frame that renders and captures the old page (50-70 ms on this
 * machine, so half of a back or a switch: BENCHMARKS.md) and cross-fades for 250 ms. The app draws
 * no transition of its own, so its swaps are instant (the router's `fallback="swap"`). The router
 * reads `document.startViewTransition` once, when its module runs, after this script.
 */
export const INSTANT_SWAP_SCRIPT = "Object.defineProperty(document,'startViewTransition',{value:undefined,configurable:true});";

/**
 * Records which page the document shows (`window.__mmPage`, read by
 * src/components/shell/page-at-address.ts), from the first bytes of its head on. Back or forward
 * pressed just after a full load can move the address before the client router has started to
 * listen (its module runs once the document is parsed, a streamed page's last section included):
 * the browser fires its popstate into nothing, and the address names a page the document does not
 * show. Once the router listens, the layout's script compares; the record also says whether the
 * router has begun a navigation of its own meanwhile (it then shows the address's page itself),
 * and follows its swaps, so the shell's script keeps the page on screen under its own address.
 * It also says whether the browser was offline as the document started: the shell's script, which
 * runs later (much later on a busy phone), would take a network lost meanwhile for a document
 * that came without one, and load the page again whole once it returned, ending its music.
 */
export const PAGE_ADDRESS_SCRIPT =
  "(function(){if(window.__mmPage)return;var p=window.__mmPage={href:location.href,routed:false,offline:navigator.onLine===false};" +
  "document.addEventListener('astro:before-preparation',function(){p.routed=true});" +
  "document.addEventListener('astro:after-swap',function(){p.href=location.href})})();";
