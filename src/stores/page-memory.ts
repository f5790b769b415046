import { atom } from 'nanostores';
import { fetchSitePage } from '../api/site-pages';
import type { PageReached } from './area-memory';

/**
 * The pages the client router can show without asking the site again (DESIGN §3): a page
 * fetched ahead because the pointer rests on its link or a finger touched it, used by the
 * click that follows while fresh; and every page shown, kept for back and forward, which
 * then ask neither the site nor the provider. The islands on a kept page adopt its data,
 * but what the browser learnt since the page was fetched (a save, a like) wins (`$pageAsOf`).
 */

/** How long a page fetched ahead stays good for the click that follows. */
const AHEAD_FRESH_MS = 30_000;
/**
 * An error's page fetched ahead stands in only for a click this soon after the fetch began (it
 * would show a failure that may have passed since): a click meanwhile waits for it, rather than
 * ask again and wait for the failure twice.
 */
const AHEAD_FAILED_FRESH_MS = 5_000;
/**
 * Pages kept for back and forward. Past it, a page fetched ahead and never visited goes first,
 * then the one visited least lately (keepPage, or shown again by back or forward): the pages
 * hovered on a long list otherwise pushed the ones the user came through out, and Back asked
 * the site for a page two steps behind.
 */
const KEPT_PAGES = 12;

interface KeptPage {
  html: Promise<string | null>;
  at: number;
  /** Fetched ahead of a click (hover, touch), rather than kept from a visit. */
  ahead: boolean;
  /** Fetched ahead, it came back as an error's page. */
  failed?: boolean;
}

const kept = new Map<string, KeptPage>();

/**
 * When the page on screen was asked of the site (ms since the epoch): the browser's load of the
 * first page, the router's fetch of a later one, or the fetch that made the copy shown from
 * memory (back, forward, a hover ahead). Its flags are as of then (stores/library.ts).
 */
export const $pageAsOf = atom<number>(typeof performance === 'undefined' ? 0 : performance.timeOrigin);

const keyOf = (href: string): string => {
  const url = new URL(href, 'http://app.invalid');
  return url.pathname + url.search;
};

function keep(key: string, page: KeptPage): void {
  kept.delete(key);
  kept.set(key, page);
  while (kept.size > KEPT_PAGES) {
    const notVisited = [...kept].find(([other, { ahead }]) => ahead && other !== key)?.[0];
    kept.delete(notVisited ?? (kept.keys().next().value as string));
  }
}

/** Fetches a page ahead of the click (hover, touch), unless one fresh enough is kept or on its way. */
export function fetchPageAhead(href: string, now = Date.now()): void {
  const key = keyOf(href);
  const known = kept.get(key);
  if (known?.ahead && now - known.at < AHEAD_FRESH_MS) return;
  const page: KeptPage = { html: Promise.resolve(null), at: now, ahead: true };
  page.html = fetchSitePage(href).then((answer) => {
    page.failed = answer !== null && !answer.whole;
    return answer?.html ?? null;
  });
  keep(key, page);
}

/**
 * The kept HTML for a navigation to `href`, or null to ask the site: back and forward take
 * any kept page; a new visit only one fetched ahead moments ago (a page kept from an earlier
 * visit is asked again: a click means "show me this now").
 */
export async function keptPage(href: string, traverse: boolean, now = Date.now()): Promise<string | null> {
  const key = keyOf(href);
  const page = kept.get(key);
  if (!page || (!traverse && !(page.ahead && now - page.at < AHEAD_FRESH_MS))) return null;
  // Visited again: the last to go.
  if (traverse) {
    kept.delete(key);
    kept.set(key, page);
  }
  const html = await page.html;
  return page.failed && now - page.at > AHEAD_FAILED_FRESH_MS ? null : html;
}

/** Keeps the HTML of a page the site just rendered, for back and forward. */
export function keepPage(href: string, html: string, now = Date.now()): void {
  keep(keyOf(href), { html: Promise.resolve(html), at: now, ahead: false });
}

/**
 * Whether the page on screen was reached by Back or Forward (the router's traverse), rather than
 * a new visit: a list shows again what it held when the user left it (list-area.ts), whether the
 * router had a copy of the page to swap in or asked the site for it.
 */
export const $pageTraversed = atom(false);

/** Records how the page about to show is reached (the router's navigation type). */
export function notePageTraversed(traverse: boolean): void {
  $pageTraversed.set(traverse);
}

/** How the page on screen (or about to show) was reached: when it was asked of the site, and whether by Back or Forward. */
export function pageReached(): PageReached {
  return { asOf: $pageAsOf.get(), traversed: $pageTraversed.get() };
}

/**
 * Whether an area holds more of the page at a path (pathname and search) than that page's HTML
 * shows, and shows it over the page's seed (`rememberedWins`): a list's pages loaded past its first.
 */
type HoldsMore = (path: string) => boolean;

const holders = new Set<HoldsMore>();

/** An area with a memory of its routes says what it holds beyond a page's HTML (`pastFirstPage` in area-memory.ts). */
export function addHolder(holdsMore: HoldsMore): void {
  holders.add(holdsMore);
}

/**
 * Whether the page about to show at `href` (its source and way noted: notePageSource,
 * notePageTraversed) shows more once its islands have hydrated than its HTML does: Back to a list
 * scrolled to 100 rows, whose HTML holds the first 20. Its islands hydrate as it comes (shell-client.ts).
 */
export function showsMoreThanItsHtml(href: string): boolean {
  const path = keyOf(href);
  return [...holders].some((holdsMore) => holdsMore(path));
}

/**
 * Records where the page about to show came from: the site, asked now; the memory's copy of
 * `href` (keptPage); or the service worker's copy, shown offline, of no known age (older than
 * anything this tab learnt: its library flags never win over the tab's).
 */
export function notePageSource(source: 'memory' | 'site' | 'offline-copy', href = '', now = Date.now()): void {
  $pageAsOf.set(source === 'site' ? now : source === 'memory' ? (kept.get(keyOf(href))?.at ?? 0) : 0);
}

/** Forgets the page kept at `href` (what it shows changed here: a playlist edited), so back asks the site. */
export function forgetPage(href: string): void {
  kept.delete(keyOf(href));
}

/** Forgets the kept pages whose address `shows` picks (what a list shows changed here: a like, a new playlist). */
export function forgetPagesWhere(shows: (path: string) => boolean): void {
  for (const key of [...kept.keys()]) if (shows(key)) kept.delete(key);
}

/** Forgets every kept page (sign-out: nobody at this browser may see the last user's pages). */
export function forgetPages(): void {
  kept.clear();
}
