import { getRecentlyPlayed } from '../../api/me';
import { getPlayback } from '../../api/player';
import { getQueue } from '../../api/queue';
import type { NowPlayingSeed } from '../../api/page-seeds';
import { libraryFlagsOf, partOf } from '../page-data';

/** What was found playing, before its heart. */
type FoundPlaying = Pick<NowPlayingSeed, 'playback' | 'lastPlayed' | 'lastPlayedContextUri'>;

/**
 * What the account plays now on any device (GET me/player), else its last played track and the
 * context it was played in: what the card shows, before its heart. `failWhole` fails the whole
 * answer when a call fails, where otherwise a failed call is no playback.
 */
export async function findPlayingNow({ failWhole = false } = {}): Promise<FoundPlaying> {
  const asked = <T,>(load: Promise<T>) => (failWhole ? load : partOf(load));
  const playback = await asked(getPlayback());
  if (playback?.item) return { playback, lastPlayed: null };
  // Nothing loaded: the last played track, as the browser's player catches up with it (src/stores/devices.ts).
  const last = (await asked(getRecentlyPlayed(1, null)))?.[0];
  return { playback, lastPlayed: last?.track ?? null, lastPlayedContextUri: last?.contextUri ?? null };
}

/** What was found playing, with the heart of the track it shows; a heart that could not be read is left unknown (the browser asks it). */
export async function withItsHeart({ playback, lastPlayed = null, lastPlayedContextUri = null }: FoundPlaying): Promise<NowPlayingSeed> {
  const shown = playback?.item ?? lastPlayed;
  const track = shown ? await libraryFlagsOf('track', [shown.id]) : {};
  return { playback, lastPlayed, lastPlayedContextUri, flags: { track }, failure: null };
}

/** What the view shows when the player card's calls failed: nothing found (the browser's player asks again once it runs). */
const NOTHING_FOUND: NowPlayingSeed = { playback: null, lastPlayed: null, flags: { track: {} }, failure: null };

/**
 * The seed of /player (the Now Playing view): what the account plays now on any device, else
 * its last played track, with its heart, and the queue beside them, so the page shows the
 * track (or the empty state) and its queue before any script, and the view's island need not
 * run until the user acts or the music moves. A page the browser loads whole has the player
 * card's answer (`cardSeed`, src/middleware.ts): the view shows that same answer, asked once,
 * and the browser's stores start from it as on every page; the client router's fetch has none,
 * and asks here. A failed answer is no playback; a failed queue says so until the view reads
 * it again.
 */
export async function loadPlayingNow(cardSeed: Promise<NowPlayingSeed | null> | undefined): Promise<NowPlayingSeed> {
  const found = cardSeed ? cardSeed.then((seed) => seed ?? NOTHING_FOUND) : findPlayingNow().then(withItsHeart);
  const [shown, queue] = await Promise.all([found, partOf(getQueue())]);
  return { ...shown, queue };
}
