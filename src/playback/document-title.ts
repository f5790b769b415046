import type { Track } from '../api/types';
import { isolated, isolatedList } from '../lib/bidi';
import { $pageRename } from '../stores/page-title';
import { $player } from '../stores/player';

// document.title gives the <title>'s text with its white space collapsed.
const asTitle = (text: string) => text.replace(/[\t\n\f\r ]+/g, ' ').trim();

/**
 * The title while a track plays: its name and its artists, each isolated (lib/bidi.ts), so that
 * a right-to-left name keeps its place before the bullet and does not turn the tab's line around.
 */
export function playingTitle(track: Pick<Track, 'name' | 'artists'>): string {
  const artists = isolatedList(track.artists.map((artist) => artist.name));
  return artists ? `${isolated(track.name)} • ${artists}` : isolated(track.name);
}

/**
 * Shows the playing track in the document title; the page's own title comes back on pause or
 * reset. The page's title is whatever the tab shows that this did not write: the client router
 * sets each new page's on a swap, and a store may rename the page (a playlist renamed on screen:
 * stores/page-title.ts $pageRename). Before, the title was
 * taken only at the start and after a swap, so a rename was undone by the next change of the
 * player (a tick) and came back stale after a pause. Returns the cleanup.
 */
export function startDocumentTitle(): () => void {
  let pageTitle = document.title;
  /** The track's title this wrote, as written and as document.title reads it back (white space collapsed); null while the page's shows. */
  let shown: { wanted: string; read: string } | null = null;
  const showsTrack = () => shown !== null && document.title === shown.read;
  const apply = () => {
    // Not the track's title this wrote: the page's own (a swap's, a rename's) is taken as it is.
    if (!showsTrack()) {
      pageTitle = document.title;
      shown = null;
    }
    const { currentPlayingTrack, playback } = $player.get();
    const wanted = currentPlayingTrack && playback?.isPlaying ? playingTitle(currentPlayingTrack) : null;
    if (wanted === null) {
      if (shown) document.title = pageTitle;
      shown = null;
      return;
    }
    if (shown?.wanted === wanted) return;
    document.title = wanted;
    shown = { wanted, read: document.title };
  };
  // A rename of the page on screen: shown at once, or kept for when the track's title leaves the
  // tab. Only over the page's own title (the user may have moved on since).
  const rename = (renamed: { title: string; over: string } | null) => {
    if (!renamed) return;
    const current = showsTrack() ? pageTitle : document.title;
    if (asTitle(current) !== asTitle(renamed.over)) return;
    if (showsTrack()) pageTitle = renamed.title;
    else document.title = renamed.title;
  };
  // The new page's title is what its swap announces, not the track's (announcePageOverTrack).
  let stopAnnouncing = () => {};
  const announcePage = () => {
    stopAnnouncing();
    stopAnnouncing = announcePageOverTrack(document, () => (showsTrack() ? { track: document.title, page: pageTitle } : null));
  };
  document.addEventListener('astro:after-swap', apply);
  document.addEventListener('astro:page-load', announcePage);
  const unsubscribe = $player.subscribe(apply);
  const unlisten = $pageRename.listen(rename);
  return () => {
    unsubscribe();
    unlisten();
    stopAnnouncing();
    document.removeEventListener('astro:after-swap', apply);
    document.removeEventListener('astro:page-load', announcePage);
    if (showsTrack()) document.title = pageTitle;
  };
}

/** The class of the live region Astro's client router adds after each page load, to say the new page's title. */
export const ROUTE_ANNOUNCER_CLASS = 'astro-route-announcer';

/**
 * Makes the route announcer of the page load now under way say the page's title, not the
 * track's. The client router appends the region as the page loads and fills it with
 * document.title a moment later (60 ms), and while a track plays, that title is the track's: a
 * screen reader heard the song on every page change, never the page reached (WCAG 2.4.2). The
 * words are put right in the same task they are written (a mutation observer runs before the
 * page is shown to assistive technology). `titles` says, at that moment, what the tab shows and
 * the page's own title, or null when it shows the page's. Returns the cleanup.
 */
export function announcePageOverTrack(doc: Document, titles: () => { track: string; page: string } | null): () => void {
  let announcer: Element | null = null;
  const words = new MutationObserver(() => {
    const now = titles();
    if (!announcer || !now || announcer.textContent !== now.track) return;
    words.disconnect();
    announcer.textContent = now.page;
  });
  const appended = new MutationObserver((records) => {
    const added = records.flatMap((record) => [...record.addedNodes]).find((node): node is Element => node instanceof Element && node.classList.contains(ROUTE_ANNOUNCER_CLASS));
    if (!added) return;
    appended.disconnect();
    announcer = added;
    words.observe(added, { childList: true, characterData: true, subtree: true });
  });
  appended.observe(doc.body, { childList: true });
  return () => {
    appended.disconnect();
    words.disconnect();
  };
}
