import type { NowPlayingSeed } from '../api/page-seeds';
import { wakeIslands } from '../lib/intent-signals';
import { sameData } from '../lib/same-data';
import { $otherDevice } from '../stores/devices';
import { $likedTracks } from '../stores/library';
import { adoptNowPlaying } from '../stores/now-playing-page';
import { $player, showPlayingNow } from '../stores/player';
import { cardPictureOf, isSounding } from '../stores/player-rules';

/** The id of the JSON block of what the server found playing, which the player card's island renders (layouts/PlayerSlot.astro). */
export const PLAYING_NOW_BLOCK = 'playing-now';

/** How long the page's end waits for what plays once the rest of the page is rendered (the calls started with the page). */
export const PLAYING_NOW_WAIT_MS = 300;

/** What the server found playing for this page, or null (a page without it, or calls that failed). */
function playingNowIn(doc: Pick<Document, 'getElementById'> | undefined): NowPlayingSeed | null {
  const text = doc?.getElementById(PLAYING_NOW_BLOCK)?.textContent;
  return text ? (JSON.parse(text) as NowPlayingSeed | null) : null;
}

/**
 * What the card's HTML cannot show once the stores move on: a different track, play state,
 * second or heart, the music on another device (the server cannot know this tab's device).
 */
function cardHtmlHolds(rendered: unknown[], trackId: string | undefined, liked: boolean | undefined): boolean {
  if (!sameData(cardPictureOf($player.get()), rendered) || $otherDevice.get() !== null) return false;
  return (trackId ? $likedTracks.get()[trackId] : undefined) === liked;
}

/**
 * The player card's first view is the server's HTML (it found what plays as the page loaded),
 * and its island waits for the user's input (`client:intent="player"`). The stores start from
 * the same answer, so the browser asks the provider nothing to show it; the island is woken as
 * soon as the stores show what that HTML does not: music that plays (its seconds tick), a track
 * or heart changed since, the device elsewhere. A page without the server's answer (its calls
 * failed or came late; the service worker's copy of a page fetched by the router) has an empty
 * card, woken as soon as the browser's own catch-up finds something. Answers whether the page
 * held the server's answer (the catch-up then has nothing to ask as the page loads). Called
 * once per document.
 */
export function adoptPlayingNow(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): boolean {
  const seed = playingNowIn(doc);
  if (seed) {
    // The heart first: a track whose heart is not known is asked for as it shows (stores/player.ts).
    adoptNowPlaying(seed);
    showPlayingNow(seed);
  }
  const rendered = cardPictureOf($player.get());
  const trackId = $player.get().currentPlayingTrack?.id;
  const liked = trackId ? $likedTracks.get()[trackId] : undefined;
  if (isSounding($player.get()) || !cardHtmlHolds(rendered, trackId, liked)) {
    wakeIslands('player');
    return seed !== null;
  }
  const stops: (() => void)[] = [];
  const check = () => {
    if (cardHtmlHolds(rendered, trackId, liked)) return;
    stops.forEach((stop) => stop());
    wakeIslands('player');
  };
  stops.push($player.listen(check), $otherDevice.listen(check), $likedTracks.listen(check));
  return seed !== null;
}
