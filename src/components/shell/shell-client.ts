import { navigate } from 'astro:transitions/client';
import type { TransitionBeforePreparationEvent, TransitionBeforeSwapEvent } from 'astro:transitions/client';
import { listenForInstallPrompt } from '../../stores/install-prompt';
import { listenForPaletteKey } from '../../stores/palette';
import { followFocusBeforeModal } from '../focus-before-modal';
import { navigateTo, setNavigator } from '../../lib/navigation';
import { KEPT_COPY_ATTRIBUTE, keepRoutedPage, OFFLINE_SHELL, standInFor } from '../../lib/page-cache';
import { PREMIUM_PROMPT_MARK, type PageLeaving } from '../../lib/page-leaving';
import { PAGE_SESSION_META } from '../../lib/site-request';
import { fetchPageAhead, forgetPage, keepPage, keptPage, notePageSource, notePageTraversed, showsMoreThanItsHtml } from '../../stores/page-memory';
import { parseRoute } from '../../stores/route';
import { checkSiteAnswers, isCodeGone, noteConnectionBack, noteConnectionLost, reportNoConnection, reportNothingDone, waitForSite } from '../../stores/connection';
import { htmlToKeep, noteServerToastsIn, showToastsWithoutIsland } from './plain-toast';
import { dropReplacedSkeletons } from './replaced-skeletons';
import { followServerLeaving, followSignOutElsewhere, startSession } from '../../stores/session';
import { followThemeElsewhere } from '../../stores/theme';
import { followLibraryElsewhere } from '../../stores/library';
import { noteLimitedUntil } from '../../stores/provider-limit';
import { adoptServerCapabilities } from '../../stores/capabilities';
import { openPremiumPrompt, withTopLoading } from '../../stores/ui';
import { registerServiceWorker, reloadWhenQuiet } from './register-sw';
import { $soundingHere } from '../../stores/devices';
import { followInstallOfferWithoutIsland } from './install-without-island';
import { keepTooltipsDismissable } from './tooltips';
import { isEarlyUnmountAfterSwap } from './early-unmount';
import { shownPage } from './page-at-address';
import { fetchAheadUnderRestingFinger } from './finger-ahead';
import { SLOW_PAGE_MS } from './plain-loading-bar';
import { focusWithoutIntent, HYDRATES_AS_IT_COMES, ISLAND_UNLOADED, notePlayingMark } from '../../lib/intent-signals';

// The app shell's one bundled script: it runs once per full page load, once the page's first
// frame is painted (App.astro imports it then), and keeps working across the client router's
// page swaps.

// Pages outside the shell have no client router; they need a full page load.
const OUTSIDE_SHELL = /^\/(auth|access_denied|callback)(?=[/?#]|$)/;

setNavigator((path, { replace }) => {
  if (OUTSIDE_SHELL.test(path)) {
    if (replace) location.replace(path);
    else location.assign(path);
    return;
  }
  void navigate(path, { history: replace ? 'replace' : 'push' });
});

/** What App.astro says of the page: 'keep', 'ask-again' or 'offline-shell'. */
const kindOf = (page: Document) => page.querySelector('meta[name="my-music-page"]')?.getAttribute('content');
const isKeepable = (page: Document) => kindOf(page) === 'keep';
/** The worker's offline shell (src/pages/offline.astro) is on screen, at the address of a page it could not load. */
const isOfflineShell = () => kindOf(document) === 'offline-shell';
/** The page on screen is the copy the worker kept of it, served because the site did not answer (page-cache.ts keptCopyOf). */
const isKeptCopy = () => document.documentElement.hasAttribute(KEPT_COPY_ATTRIBUTE);

/** The stylesheets a page needs that this one has not loaded yet, loaded before it shows (as the router does). */
function loadStylesOf(page: Document): Promise<unknown> {
  const loaded = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href));
  const missing = [...page.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !loaded.has(link.href));
  return Promise.all(
    missing.map((link) => new Promise((settled) => {
      const preload = Object.assign(document.createElement('link'), { rel: 'preload', as: 'style', href: link.href, onload: settled, onerror: settled });
      document.head.append(preload);
    })),
  );
}


/** The page the router is to show made from HTML this tab holds (not the site's answer): parsed, as the router's own loader would, with its styles loaded first. */
async function showHtml(preparation: TransitionBeforePreparationEvent, html: string): Promise<Document> {
  const page = new DOMParser().parseFromString(html, 'text/html');
  preparation.newDocument = page;
  page.querySelectorAll('noscript').forEach((element) => element.remove());
  dropReplacedSkeletons(page);
  await loadStylesOf(page);
  return page;
}

/**
 * A page the router shows is kept for the service worker too, once the browser is idle: opened
 * offline, it shows in the offline shell as it was (page-cache.ts), where the worker never saw it
 * (the router fetched it, not a navigation).
 */
function keepForOffline(href: string, html: string): void {
  const keep = () => void keepRoutedPage(href, html);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 2_000 });
  else setTimeout(keep, 200);
}

// Every page swap: a page fetched ahead or kept for back and forward shows without asking the
// site (page-memory.ts); otherwise the router asks, and what it gets is kept.
document.addEventListener('astro:before-preparation', (event) => {
  const preparation = event as TransitionBeforePreparationEvent;
  const askSite = preparation.loader;
  // One watch over the whole wait, the top bar shown once it is slow: a page fetched ahead (the
  // pointer's hover, a touch) may still be on its way, or a slow page's click looked like it did
  // nothing; and one that came back unfit, then asked again, did not end the bar and start it anew.
  preparation.loader = () => withTopLoading(loadPage(preparation, askSite), SLOW_PAGE_MS);
});

/**
 * The router's own loader, asking the site, with its refusal held rather than made: it refuses
 * whatever it cannot show (no answer, not a page of this app, a redirect out of the site), and the
 * router then loads the address whole. Resolves to the refusal, for the caller to make or not
 * (null: none); the event's own `preventDefault` is shadowed meanwhile, since a refusal made cannot be taken back.
 */
async function askSiteHoldingRefusal(preparation: TransitionBeforePreparationEvent, askSite: () => Promise<void>): Promise<(() => void) | null> {
  let refused = false;
  Object.defineProperty(preparation, 'preventDefault', { value: () => void (refused = true), configurable: true });
  try {
    await askSite();
  } finally {
    delete (preparation as { preventDefault?: unknown }).preventDefault;
  }
  return refused ? () => preparation.preventDefault() : null;
}

/** The router's loader: the page from this tab's memory, the worker's caches offline, or the site. */
async function loadPage(preparation: TransitionBeforePreparationEvent, askSite: () => Promise<void>): Promise<void> {
  const traverse = preparation.navigationType === 'traverse';
  notePageTraversed(traverse);
  const kept = preparation.formData ? null : await keptPage(preparation.to.href, traverse);
  if (kept && !preparation.signal.aborted) {
    notePageSource('memory', preparation.to.href);
    const page = await showHtml(preparation, kept);
    // A page fetched ahead that is not to be kept (an error's) shows once: Back asks the site again.
    if (!isKeepable(page)) forgetPage(preparation.to.href);
    else if (preparation.navigationType !== 'traverse') keepForOffline(preparation.to.href, kept);
    return;
  }
  // Offline, the site cannot answer: the router would give up and load the address whole, which
  // the worker answers with its stand-in (page-cache.ts), and the document's end would stop the
  // music. The stand-in comes from the same caches here and the router swaps it in instead.
  if (navigator.onLine === false && !preparation.formData) {
    const standIn = await standInFor(preparation.to.href);
    if (standIn !== null && !preparation.signal.aborted) {
      notePageSource('offline-copy');
      await showHtml(preparation, standIn);
      return;
    }
  }
  const askedAt = Date.now();
  notePageSource('site', preparation.to.href, askedAt);
  // The old page stays until the new one has come (the router waits for its whole body): the
  // top bar says a page is on its way, so results for an older search are not taken for the new.
  const asked = preparation.to.href;
  const refusal = await askSiteHoldingRefusal(preparation, askSite);
  // Nothing came, the browser online: the site is out of reach (restarting for a deploy, a network
  // that carries nothing). Not knowing, the router would load the address whole, which the worker
  // answers with its stand-in, and the document's end would stop the music: the stand-in comes
  // from the same caches here, as offline above, once the site is known not to answer.
  if (refusal && preparation.newDocument === document && !preparation.formData && !(await checkSiteAnswers())) {
    const standIn = preparation.signal.aborted ? null : await standInFor(asked);
    if (standIn !== null && !preparation.signal.aborted) {
      notePageSource('offline-copy');
      await showHtml(preparation, standIn);
      return;
    }
  }
  refusal?.();
  // The server sent the page elsewhere (SPEC §8: a session that ended goes to /auth, a refused
  // request to /access_denied). That page has no router, and the router would load the page it
  // asked for again, whole, losing where the server sent it: the toast, the storage cleared.
  // Go there instead, and leave this navigation pending while the page unloads.
  const redirected = preparation.to.href !== asked;
  if (preparation.defaultPrevented && redirected && OUTSIDE_SHELL.test(preparation.to.pathname)) {
    location.replace(preparation.to.href);
    await new Promise(() => undefined);
  }
  if (preparation.newDocument) dropReplacedSkeletons(preparation.newDocument);
  if (!preparation.defaultPrevented && preparation.newDocument && isKeepable(preparation.newDocument)) {
    const html = htmlToKeep(preparation.newDocument);
    // Kept as of its asking: a like made while it came is newer than what it says.
    keepPage(preparation.to.href, html, askedAt);
    keepForOffline(preparation.to.href, html);
  }
}

// A page shown again whose lists hold more than its HTML (Back to a list scrolled to 100 rows,
// whose HTML, kept or asked again, has the first 20): its content islands hydrate as they come,
// input or not, so the list shows whole at once, not its first page until the user acts (or the
// browser is idle). Any other page's islands wait as usual: its HTML is what it shows.
document.addEventListener('astro:before-swap', (event) => {
  const swap = event as TransitionBeforeSwapEvent;
  if (!showsMoreThanItsHtml(swap.to.href)) return;
  for (const island of swap.newDocument.querySelectorAll('#content astro-island[ssr]')) island.setAttribute(HYDRATES_AS_IT_COMES, '');
});

// The page the browser loaded whole is kept too while it is as the server sent it: its
// content islands hydrate once the user acts, after this script (one that hydrated
// already has lost its `ssr` mark and changed the page).
// A copy the worker kept is not: it is older than the page the site would send.
// Kept as of the browser's asking for it, under its own address, which is not the one in the
// address bar while the router is still on its way to a page that Back or Forward, pressed
// before it listened, moved to (page-at-address.ts): kept there, Back showed this page again.
if (isKeepable(document) && !isKeptCopy() && !document.querySelector('#content astro-island:not([ssr])')) keepPage(shownPage().href, htmlToKeep(document), performance.timeOrigin);

// A pointer resting on an in-app link, a finger resting on it (finger-ahead.ts) or the keyboard
// reaching it: its page is fetched ahead, so the click usually finds it ready.
const AHEAD_DELAY_MS = 70;
let resting: ReturnType<typeof setTimeout> | undefined;
function inAppLink(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin) return null;
  if (OUTSIDE_SHELL.test(link.pathname) || link.pathname + link.search === location.pathname + location.search) return null;
  return parseRoute(link.href) ? link.href : null;
}
// Where the pointer last moved. Content scrolled under a still pointer brings a `pointerover`
// too, at that very place (a wheel flick down a grid of cards fetched five pages nobody visited,
// and they pushed the pages visited out of Back's memory): such a link waits for the pointer to
// move on it. A pointer that moves onto a link brings its `pointerover` before the `pointermove`
// that says it is there (UI Events' order), so it is never taken for still. Pointer events both
// (a mouse event's place is rounded to whole pixels); a finger is finger-ahead.ts's.
let pointerX = NaN;
let pointerY = NaN;
let stillOver: string | null = null;
const restOn = (href: string) => {
  clearTimeout(resting);
  resting = setTimeout(() => fetchPageAhead(href), AHEAD_DELAY_MS);
};
document.addEventListener('pointermove', (event) => {
  if (pointerX === event.clientX && pointerY === event.clientY) return;
  pointerX = event.clientX;
  pointerY = event.clientY;
  if (stillOver) restOn(stillOver);
  stillOver = null;
}, { passive: true });
document.addEventListener('pointerover', (event) => {
  if (event.pointerType === 'touch') return;
  clearTimeout(resting);
  stillOver = null;
  const href = inAppLink(event.target);
  if (!href) return;
  if (pointerX === event.clientX && pointerY === event.clientY) stillOver = href;
  else restOn(href);
});
document.addEventListener('focusin', (event) => {
  const href = inAppLink(event.target);
  if (href) fetchPageAhead(href);
});
fetchAheadUnderRestingFinger(document, inAppLink, fetchPageAhead);

// SPEC §2: the content starts at the top after every route change, back and forward included;
// the page loaded again where it is (the network back) stays where it was scrolled to, that one
// navigation only: another that starts meanwhile (a link followed) goes to the top.
let keptScroll: { href: string; top: number } | null = null;
document.addEventListener('astro:before-preparation', (event) => {
  const { to, navigationType } = event as TransitionBeforePreparationEvent;
  if (keptScroll && (navigationType !== 'replace' || to.href !== keptScroll.href)) keptScroll = null;
});
// The focus leaves the old page before the swap takes the page away: a focused element removed
// with its page made the browser work out the old page's styles once more (4 ms of a Back) as it
// left. The same leaving as the swap's (the page's content had it: focusNewContent), a moment sooner.
// Not from what the router keeps (the search box, the player card: `transition:persist`, which
// Astro marks so).
const PERSISTED = 'data-astro-transition-persist';
document.addEventListener('astro:before-swap', () => {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && !focused.closest(`[${PERSISTED}]`)) focused.blur();
});
document.addEventListener('astro:after-swap', () => {
  const reloaded = keptScroll !== null;
  window.scrollTo({ top: keptScroll?.top ?? 0, left: 0, behavior: 'instant' });
  keptScroll = null;
  if (!reloaded) focusNewContent();
});

/**
 * A page the user went to (a link, Back, Forward) starts the keyboard at its content (WCAG 2.4.3):
 * the swap took the focused link away with the old page, and the next Tab started over at "Skip to
 * content". Only when focus was lost: a control of the shell the router kept keeps it on purpose
 * (the search box the user types in as /search opens, the palette, a dialog). Without scrolling
 * (the page starts at the top, above) and without a ring (shell.css: .content:focus); Astro's
 * route announcer still reads the new title after this. The page loaded again where it is (back
 * online) is no page the user went to: the focus it lost is left.
 */
function focusNewContent(): void {
  const focused = document.activeElement;
  if (focused && focused !== document.body) return;
  // The script's focus, not the user's input: a page reached by Back with no input on it still loads no island's code.
  const content = document.getElementById('content');
  if (content) focusWithoutIntent(content, { preventScroll: true });
}

listenForInstallPrompt();
followInstallOfferWithoutIsland();
// Here, not in the shell's islands, which hydrate when the user acts: Ctrl+K is such an act,
// and the dialog it opens gives focus back to where it was.
listenForPaletteKey();
followFocusBeforeModal();
keepTooltipsDismissable();

// What the server met while rendering this page (ServerNotices.astro's marks, the shell's and a
// streamed part's), as the page shows, whole or swapped in by the router:
// - Issue 28: a rate limit counts down in the top bar as one met here does (its end on the
//   server's clock; an old page shown from memory carries an end long past, which counts for nothing);
// - SPEC §8's toasts (the offline shell's too): the same words from a call of the browser's
//   meanwhile are not shown twice, and do not wake the shell's islands to say them; and its
//   premium prompt (a PREMIUM_REQUIRED the page's calls met);
// - DESIGN §2's capabilities the server's calls learnt: the tab does not learn them again with a
//   doomed call (in development mode, every tab's first heart went to the removed me/tracks first);
// - SPEC §8's exits a streamed part met (a 401, a 403 on a bad request), which it could not make
//   itself once the page had begun (a page shown again from memory tells it again: the session
//   store loads a page again once at most).
function noteServerNotices(page: Document): void {
  for (const mark of page.querySelectorAll('[data-capabilities]')) adoptServerCapabilities(mark.getAttribute('data-capabilities'));
  for (const mark of page.querySelectorAll('[data-limited-until]')) {
    const until = Number(mark.getAttribute('data-limited-until'));
    if (Number.isFinite(until) && until > 0) noteLimitedUntil(until);
  }
  noteServerToastsIn(page);
  // SPEC §8's premium prompt, once per mark (it wakes the shell's islands, whose dialog it is).
  const premium = page.querySelector(`[${PREMIUM_PROMPT_MARK}]:not([data-told])`);
  premium?.setAttribute('data-told', '');
  if (premium) openPremiumPrompt();
  // Once each: this runs again when a page loaded whole has received its last streamed part.
  const leaving = page.querySelector('[data-leaving]:not([data-told])');
  leaving?.setAttribute('data-told', '');
  const kind = leaving?.getAttribute('data-leaving');
  const message = leaving?.getAttribute('data-message') ?? null;
  const told: PageLeaving | null = kind === 'expire-session' ? { kind } : kind === 'deny-access' ? { kind, message } : null;
  if (told) void followServerLeaving(told, location.pathname + location.search);
}
noteServerNotices(document);
// This script starts after the first paint, which a part the provider is slow for streams after.
if (document.readyState !== 'complete') window.addEventListener('load', () => noteServerNotices(document), { once: true });
document.addEventListener('astro:after-swap', () => noteServerNotices(document));

// A navigation that starts while the last one's view transition runs (a quick second
// click, a replace right after a push) makes the router skip that transition; the
// browser then rejects the transition's promises, which the router leaves unobserved.
// Nothing failed and the new page shows, so this one rejection is not reported.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError' && reason.message.startsWith('Transition was skipped')) event.preventDefault();
});

// An island the router's swap took away mid-hydration: React's report of it is no failure (early-unmount.ts).
let swappedAt = -Infinity;
document.addEventListener('astro:after-swap', () => {
  swappedAt = performance.now();
});
window.addEventListener('error', (event) => {
  if (isEarlyUnmountAfterSwap(event.error, performance.now() - swappedAt)) event.preventDefault();
});

// The server decides who is signed in (a visitor never gets the shell). Signing out in
// another tab ends the shared server session and clears the shared storage (a storage event
// with a null key): this tab follows at once instead of on its next request. Only other
// tabs' changes arrive here; this tab's own sign-out paths choose their destination.
window.addEventListener('storage', (event) => {
  if (event.key === null) followSignOutElsewhere();
});
// A theme chosen in another tab shows here at once, the toggle's state with it: the theme store
// reads the storage only when it loads, so the head script turned the page at its next swap while
// the toggle went on offering the theme already shown.
followThemeElsewhere();
// A save, follow or like made in another tab shows here: on a page nobody has touched yet too,
// whose buttons hydrate later.
followLibraryElsewhere();

// The page's first access token (memory only), so the player connects and calls can start; asked
// for the session the document was rendered for (App.astro's mark), which the page keeps however
// the router swaps its head.
startSession(document.querySelector(`meta[name="${PAGE_SESSION_META}"]`)?.getAttribute('content') || null);

/**
 * Starts a part of the shell whose code comes apart (below). Should the connection go before it
 * came, nothing of it ran: it is asked again once the browser is back online, rather than
 * thrown as an uncaught rejection that leaves the tab without it until a reload.
 */
function startWhenLoaded<T>(load: () => Promise<T>, start: (loaded: T) => void): void {
  load().then(start, (error: unknown) => {
    console.warn('A part of the shell could not load; it is asked again once online', error);
    window.addEventListener('online', () => startWhenLoaded(load, start), { once: true });
  });
}

// Every tab knows what plays (issue 28): the catch-up with the account's playback starts here,
// beside that token, not once the player card's island has hydrated. Imported apart: in this
// script's own imports its modules held back the script, and so the token, by 100-400 ms on a
// first visit; the card's island loads them anyway, so by now they are mostly here.
// The lists' islands hear what the player holds once the stores have started from the page's
// answer (the server rendered the rows with the same: hydrate-on-intent.ts wakes a list only when
// the player shows otherwise than its HTML), and from then on whenever its track, or whether it plays, changes.
// Not in the offline shell: it stands in for a page until the site answers, and that page,
// loaded then, catches up itself; asked meanwhile, the provider either cannot be reached or
// would wake the card (and load React) for a screen about to be replaced.
if (!isOfflineShell()) {
  startWhenLoaded(
    () => Promise.all([import('../../playback/catch-up'), import('../../stores/now-playing')]),
    ([{ startCatchingUp }, { followPlayingMark }]) => {
      startCatchingUp();
      followPlayingMark(notePlayingMark);
    },
  );
}

// This tab's SDK device, the Media Session, the document title and the shortcuts: beside the
// token too, not in the player card's island, which would make them wait for React to come and
// run first (a cold load's device registered 110-170 ms later that way: BENCHMARKS.md).
startWhenLoaded(() => import('../../playback/start'), ({ startPlayerServices }) => startPlayerServices());

// The shell's islands hydrate on the first input, or when one of them has something to show.
startWhenLoaded(() => import('./shell-wakes'), ({ wakeShellWhenItShows }) => wakeShellWhenItShows());
/**
 * An island whose code could not come. The connection went: SPEC §8's toast, as for a request.
 * The site no longer has it (a newer version replaced it since this page loaded, and no worker
 * kept it): the click did nothing and would do nothing again, so the page loads the new version,
 * as for an update, once its music allows (register-sw.ts), and 'Something went wrong' says so
 * meanwhile. A toast shows without the toasts' island when that island is the one without code.
 */
let newVersionAwaited = false;
async function tellIslandUnloaded(island: EventTarget | null): Promise<void> {
  const url = island instanceof Element ? island.getAttribute('component-url') : null;
  if (url && navigator.onLine && (await isCodeGone(url))) {
    // One reload waits for the music, however many presses met the missing code meanwhile.
    if (!newVersionAwaited) reloadWhenQuiet($soundingHere, () => location.reload());
    newVersionAwaited = true;
    if ($soundingHere.get()) reportNothingDone();
  } else reportNoConnection();
  if (island instanceof Element && island.querySelector('.toasts')) showToastsWithoutIsland();
}
document.addEventListener(ISLAND_UNLOADED, (event) => void tellIslandUnloaded(event.target));

// Loaded with no connection: the service worker served the page as it was when last visited,
// or its offline shell for a page it never kept (either only when the site could not be
// reached, even with the browser reporting itself online); or the router swapped either in,
// offline (standInFor). SPEC §8 says so, and the page loads again, fresh, once the network
// returns (below). The offline shell's HTML holds its toast already (App.astro), so nothing
// wakes the shell's islands there.
function tellNoConnection(): void {
  if (isOfflineShell()) noteConnectionLost();
  else if (isKeptCopy() || navigator.onLine === false) reportNoConnection();
}
tellNoConnection();
document.addEventListener('astro:after-swap', () => {
  if (isOfflineShell() || isKeptCopy()) tellNoConnection();
});
/**
 * The document itself came without the network: no player, no provider's script. Offline as it
 * started, not as this script runs: a network lost in between (a busy phone runs this late) left
 * a whole page, which the router loads again through, its music kept.
 */
const openedOffline = isOfflineShell() || isKeptCopy() || shownPage().offline;

// Back online after a read found no connection (a change that did left the page as it was:
// session.ts): the page loads again, so what failed (its data, a section, the stand-in's
// content) comes back by itself. A page that lost nothing stays as it is.
/**
 * The page shown loads again from the site: through the router, where it stays scrolled, with the
 * player and its music (a whole load would end them); a document opened offline has no player to
 * keep, and loads again whole.
 */
function loadAgainHere(): void {
  if (openedOffline) return location.reload();
  // Without its fragment: the router only scrolls to a fragment of the page it shows.
  const here = new URL(location.pathname + location.search, location.href).href;
  keptScroll = { href: here, top: window.scrollY };
  navigateTo(here, { replace: true });
}

window.addEventListener('online', () => {
  if (noteConnectionBack()) loadAgainHere();
});

// The offline shell, or a kept copy, stands in for a page the site did not answer for. With the
// browser online (a network that carries nothing yet, the site out of reach) no 'online' event
// is coming, and one that came may have beaten the network to the worker: the page asks the
// site now and then, and loads itself again once it answers (the offline shell opened at its
// own address has no page to load), whether the document came so or the router swapped the
// stand-in in (loadPage). The wait ends when the user goes to another page.
const standsIn = () => (isOfflineShell() && location.pathname !== OFFLINE_SHELL) || isKeptCopy();
let waitingForSite = false;
function loadAgainOnceSiteAnswers(): void {
  if (waitingForSite || !standsIn()) return;
  waitingForSite = true;
  void waitForSite(standsIn).then((answered) => {
    waitingForSite = false;
    if (answered) loadAgainHere();
  });
}
loadAgainOnceSiteAnswers();
document.addEventListener('astro:after-swap', loadAgainOnceSiteAnswers);

registerServiceWorker();
