import type { NowPlayingSeed } from '../api/page-seeds';
import { $devices, catchUpWithPlayback, toggleDevicePicker } from './devices';
import { adoptLibraryFlags, librarySnapshot } from './library';
import { $pageAsOf } from './page-memory';
import { $player } from './player';
import { $queue, $queueShown, adoptQueue, queueAsServed, queueShownAsServed, toggleQueue } from './queue';

/** The heart the server saw for the track it rendered /player (or the card) with, kept like an answer, and the view's queue. */
export function adoptNowPlaying(seed: NowPlayingSeed): void {
  adoptLibraryFlags(seed.flags, $pageAsOf.get());
  if (seed.queue !== undefined) adoptQueue(seed.queue);
}

/** The stores the Now Playing view (or the card) reads, as the server rendered them (server-snapshot.tsx). */
export function nowPlayingSnapshot(seed: NowPlayingSeed): Map<unknown, unknown> {
  const snapshot = new Map<unknown, unknown>(librarySnapshot(seed.flags));
  if (seed.queue !== undefined) {
    snapshot.set($queue, queueAsServed(seed.queue));
    // Its panel shows it beside the track the view shows (the last played one, or one a reload left paused).
    snapshot.set($queueShown, queueShownAsServed(seed.queue, { track: seed.playback?.item ?? seed.lastPlayed ?? null, closed: false }));
  }
  return snapshot;
}

/**
 * Entering the Now Playing view (/player). Its queue is open, so it follows the playing
 * track; when this tab's player knows no track yet (a fresh tab), the provider is asked
 * what plays on any device (`asked` resolves once it answered). `leave` puts the queue and
 * the device picker back as they were, so the next page's card does not come with a
 * panel the user never opened there; a player closed on the view takes the queue with it,
 * as the card's does (stores/queue.ts), though the card's panel was open before.
 */
export function enterNowPlaying(): { asked: Promise<void>; leave: () => void } {
  const queueWasOpen = $queue.get().open;
  const pickerWasOpen = $devices.get().open;
  if (!queueWasOpen) toggleQueue(true);
  const asked = $player.get().currentPlayingTrack ? Promise.resolve() : catchUpWithPlayback();
  return {
    asked,
    leave: () => {
      if ((!queueWasOpen || $player.get().dismissed) && $queue.get().open) toggleQueue(false);
      if (!pickerWasOpen && $devices.get().open) toggleDevicePicker(false);
    },
  };
}
