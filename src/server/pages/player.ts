import { getRecentlyPlayed } from '../../api/me';
import { getPlayback } from '../../api/player';
import type { NowPlayingSeed } from '../../api/page-seeds';
import { libraryFlagsOf, partOf } from '../page-data';

/** What was found playing, before its heart. */
type FoundPlaying = Pick<NowPlayingSeed, 'playback' | 'lastPlayed'>;

/**
 * What the account plays now on any device (GET me/player), else its last played track: what
 * the card shows, before its heart. `failWhole` fails the whole answer when a call fails,
 * where otherwise a failed call is no playback.
 */
export async function findPlayingNow({ failWhole = false } = {}): Promise<FoundPlaying> {
  const asked = <T,>(load: Promise<T>) => (failWhole ? load : partOf(load));
  const playback = await asked(getPlayback());
  // Nothing loaded: the last played track, as the browser's player catches up with it (src/stores/devices.ts).
  const lastPlayed = playback?.item ? null : ((await asked(getRecentlyPlayed(1, null)))?.[0]?.track ?? null);
  return { playback, lastPlayed };
}

/** What was found playing, with the heart of the track it shows; a heart that could not be read is left unknown (the browser asks it). */
export async function withItsHeart({ playback, lastPlayed = null }: FoundPlaying): Promise<NowPlayingSeed> {
  const shown = playback?.item ?? lastPlayed;
  const track = shown ? await libraryFlagsOf('track', [shown.id]) : {};
  return { playback, lastPlayed, flags: { track }, failure: null };
}

/**
 * What the account plays now on any device, else its last played track, with its heart: the
 * seed of /player (the Now Playing view), as of the player card on every page the browser loads
 * whole (src/middleware.ts), so the first paint shows the track, or the empty state, before any
 * script, and the browser asks the provider nothing to show it. Here a failed answer is no
 * playback: the browser's player asks again once it runs. (The card's calls fail whole instead:
 * a seed that said nothing plays would keep the browser from asking.)
 */
export async function loadPlayingNow(): Promise<NowPlayingSeed> {
  return withItsHeart(await findPlayingNow());
}
