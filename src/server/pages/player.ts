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
  const item = playback?.item ?? null;
  const track = item ? await libraryFlagsOf('track', [item.id]) : {};
  return { playback, flags: { track }, failure: null };
}
