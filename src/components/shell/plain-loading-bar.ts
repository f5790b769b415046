import type { TransitionBeforePreparationEvent } from 'astro:transitions/client';
import { $ui, withTopLoading } from '../../stores/ui';

/**
 * SPEC §3's top loading bar, without an island: the layout's own script (App.astro) shows it from
 * the page's start, as the server's toasts show without theirs (plain-toast.ts). As a React part
 * of the shell's overlays it waited for the shell's script, then for React: on a slow phone a
 * link tapped as the page's first input left the old page 3.4 s with no bar at all, and 1.3 s
 * once the shell's script had come.
 */

/** The place App.astro keeps for the bar from page to page (transition:persist), where it comes and goes. */
export const LOADING_BAR_PLACE_ID = 'top-loading-bar-place';

/** A page the site takes longer than this to send shows the bar meanwhile: one that answers at once does not flash it (the shell's script waits as long). */
export const SLOW_PAGE_MS = 150;

/** The bar as the ui store has it: there while `isTopLoading`, at its progress; gone otherwise (no bar hidden in the page). */
export function showTopLoading(doc: Document, { isTopLoading, topLoadingProgress }: { isTopLoading: boolean; topLoadingProgress: number }): void {
  const place = doc.getElementById(LOADING_BAR_PLACE_ID);
  if (!place) return;
  let bar = place.querySelector<HTMLElement>('.top-loading-bar');
  if (!isTopLoading) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = doc.createElement('div');
    bar.className = 'top-loading-bar';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading');
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    place.append(bar);
  }
  bar.setAttribute('aria-valuenow', String(topLoadingProgress));
  bar.style.width = `${topLoadingProgress}%`;
}

/**
 * The one bar, from the layout's script on: it follows the ui store (the shell's page loads, a
 * page's data loads), and the client router's pages are watched from here too, so a link
 * followed before the shell's script has come shows it as well.
 */
export function showTopLoadingWithoutIsland(doc: Document = document): void {
  $ui.subscribe((ui) => showTopLoading(doc, ui));
  // The site's answer to the router. Once the shell's script runs, its own watch over the whole
  // wait (a page fetched ahead included) holds this one inside it: one store, one bar.
  doc.addEventListener('astro:before-preparation', (event) => {
    const preparation = event as TransitionBeforePreparationEvent;
    const askSite = preparation.loader;
    preparation.loader = () => withTopLoading(askSite(), SLOW_PAGE_MS);
  });
}
