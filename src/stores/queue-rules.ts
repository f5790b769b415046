import type { Track } from '../api/types';

/**
 * The queue panel's rules, pure: what it shows beside the player, and when an open panel reads
 * the queue again. stores/queue.ts holds the state and does the effects (the provider's calls,
 * the clock, the tab's visibility).
 */

/**
 * An open panel reads the queue again this often while the tab is in view, so a track added on
 * another device shows within seconds: the rhythm the card follows another device's playback at
 * (stores/devices.ts). One read each time, and none while the panel is shut or the tab hidden.
 */
export const QUEUE_REREAD_MS = 5000;

/**
 * A read asked this recently serves: the tab coming back (visibilitychange and focus both, which
 * playback/catch-up.ts coalesces over the same second) or the interval's tick right after the
 * playing track changed asks nothing more.
 */
export const QUEUE_FRESH_MS = 1000;

/** What the panel shows: the provider's Now playing and Next up, once it answered. */
export interface QueueLists {
  /** An answer came (before it the panel says it is loading). */
  loaded: boolean;
  /** The last read failed (the panel says so). */
  failed: boolean;
  nowPlaying: Track | null;
  nextUp: Track[];
}

/** What the player shows: its track (null: none), and whether the user closed it. */
export interface PlayerShown {
  track: Track | null;
  closed: boolean;
}

/**
 * The queue as the player shows it, so the two never disagree about what plays. A player the
 * user closed shows nothing playing, and so does the panel, though the provider still holds the
 * paused track (a read again included). A player showing a track the provider lists no queue for
 * (a playback whose device went, after a reload; the last played track) has the panel show that
 * track as Now playing, paused as the player shows it, once the provider answered; a Play then
 * reads the queue again (stores/player.ts $queueChanges, the playing mark). A player that knows
 * no track yet (a fresh tab still asking) leaves the provider's word as it is.
 */
export function queueAsPlayerShows<Q extends QueueLists>(queue: Q, player: PlayerShown): Q {
  if (!player.track) return player.closed ? { ...queue, nowPlaying: null, nextUp: [] } : queue;
  if (!queue.nowPlaying && queue.loaded && !queue.failed) return { ...queue, nowPlaying: player.track };
  return queue;
}

/** What decides whether an open panel reads the queue again now. */
export interface QueueReading {
  open: boolean;
  /**
   * The player shows a playback on an active device: the provider lists a queue only for one. A
   * closed or empty player, the last played track, a free account's card and a playback left by
   * a device that went have none to follow (a play elsewhere comes with the tab's catch-up, whose
   * new track reads it).
   */
  followsPlayback: boolean;
  /** The tab is in view (a hidden tab reads nothing; it catches up as it comes back). */
  visible: boolean;
  /** The browser has a network: offline, a read could only fail. */
  online: boolean;
  /** The provider rate-limits the site (the top bar counts it down): a read would only add to it. */
  limited: boolean;
  /** A read is on its way: a new one would cancel it (one call name), and a slow provider's answer would never land. */
  reading: boolean;
  /** When the last read was asked (ms on the player's clock), or null: none yet. */
  askedAt: number | null;
}

/**
 * Whether an open panel reads the queue again at `now` (the interval's tick, the tab's return):
 * only while it is open beside a playback on an active device, the tab is in view, online, not
 * rate-limited and not waiting for a read already on its way, and not when a read was asked
 * within QUEUE_FRESH_MS (the playing track changed, the tab's two return events).
 */
export function queueReadDue({ open, followsPlayback, visible, online, limited, reading, askedAt }: QueueReading, now: number): boolean {
  if (!open || !followsPlayback || !visible || !online || limited || reading) return false;
  return askedAt === null || now - askedAt >= QUEUE_FRESH_MS;
}
