import { getRecentlyPlayed } from '../../api/me';
import { getPlayback } from '../../api/player';
import type { NowPlayingSeed } from '../../api/page-seeds';
import { libraryFlagsOf, partOf } from '../page-data';

/**
 * What the account plays now on any device (GET me/player), else its last played track, with
 * its heart: the seed of /player (the Now Playing view), and the player card's on every page
 * the browser loads whole, so the first paint shows the track, or the empty state, before any
 * script, and the browser asks the provider nothing to show it. For /player a failed answer is
 * no playback (the browser's player asks again once it runs); `failWhole` makes it fail the
 * whole answer instead (the card's: a seed that said nothing plays would keep the browser from
 * asking). A heart that could not be read is left unknown either way (the browser asks it).
 */
export async function loadPlayingNow({ failWhole = false } = {}): Promise<NowPlayingSeed> {
  const asked = <T,>(load: Promise<T>) => (failWhole ? load : partOf(load));
  const playback = await asked(getPlayback());
  // Nothing loaded: the last played track, as the browser's player catches up with it (src/stores/devices.ts).
  const lastPlayed = playback?.item ? null : ((await asked(getRecentlyPlayed(1, null)))?.[0]?.track ?? null);
  const shown = playback?.item ?? lastPlayed;
  const track = shown ? await libraryFlagsOf('track', [shown.id]) : {};
  return { playback, lastPlayed, flags: { track }, failure: null };
}
