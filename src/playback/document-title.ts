import type { Track } from '../api/types';
import { isolated, isolatedList } from '../lib/bidi';
import { $player } from '../stores/player';

/**
 * The title while a track plays: its name and its artists, each isolated (lib/bidi.ts), so that
 * a right-to-left name keeps its place before the bullet and does not turn the tab's line around.
 */
export function playingTitle(track: Pick<Track, 'name' | 'artists'>): string {
  const artists = isolatedList(track.artists.map((artist) => artist.name));
  return artists ? `${isolated(track.name)} • ${artists}` : isolated(track.name);
}

/**
 * Shows the playing track in the document title; the page's own title comes
 * back on pause or reset. The client router sets each new page's title on a
 * swap, so that becomes the title to come back to. Returns the cleanup.
 */
export function startDocumentTitle(): () => void {
  let pageTitle = document.title;
  const apply = () => {
    const { currentPlayingTrack, playback } = $player.get();
    const wanted = currentPlayingTrack && playback?.isPlaying ? playingTitle(currentPlayingTrack) : pageTitle;
    if (document.title !== wanted) document.title = wanted;
  };
  const afterSwap = () => {
    pageTitle = document.title;
    apply();
  };
  document.addEventListener('astro:after-swap', afterSwap);
  const unsubscribe = $player.subscribe(apply);
  return () => {
    unsubscribe();
    document.removeEventListener('astro:after-swap', afterSwap);
    document.title = pageTitle;
  };
}
