import { getRecentlyPlayed } from '../../api/me';
import { getPlayback } from '../../api/player';
import type { NowPlayingSeed } from '../../api/page-seeds';
import { libraryFlagsOf, partOf } from '../page-data';

/**
 * /player (the Now Playing view): what the account plays now on any device (GET me/player), so
 * the first paint shows the track, or the empty state, before any script; then its heart. A
 * failed answer is no playback: the view's island asks again once it runs.
 */
export async function loadNowPlayingPage(): Promise<NowPlayingSeed> {
  const playback = await partOf(getPlayback());
  // Nothing loaded: the last played track, as the browser's player catches up with it (src/stores/devices.ts).
  const lastPlayed = playback?.item ? null : ((await partOf(getRecentlyPlayed(1, null)))?.[0]?.track ?? null);
  const shown = playback?.item ?? lastPlayed;
  const track = shown ? await libraryFlagsOf('track', [shown.id]) : {};
  return { playback, lastPlayed, flags: { track }, failure: null };
}
