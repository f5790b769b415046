// The Now Playing view's seed in the stores: the queue the server read for /player is what the
// view renders before any script, and what its panel shows once it hydrates, until this tab
// has read the queue itself. The player card's seed has no queue and leaves the panel alone.
import { afterEach, describe, expect, it } from 'vitest';
import type { NowPlayingSeed } from '../../src/api/page-seeds';
import type { PlayQueue, Track } from '../../src/api/types';
import { adoptNowPlaying, nowPlayingSnapshot } from '../../src/stores/now-playing-page';
import { $queue, adoptQueue, queueAsServed } from '../../src/stores/queue';

const track = (id: string): Track => ({ id, name: `Track ${id}`, uri: `spotify:track:${id}`, durationMs: 1000, artists: [], album: null }) as unknown as Track;
const served: PlayQueue = { currentlyPlaying: track('now'), queue: [track('next-1'), track('next-2')] };
const closedEmpty = { open: false, loading: false, failed: false, loaded: false, nowPlaying: null, nextUp: [] };
const seed = (queue?: PlayQueue | null): NowPlayingSeed => ({ playback: null, lastPlayed: null, flags: { track: {} }, failure: null, ...(queue === undefined ? {} : { queue }) });

afterEach(() => {
  $queue.set({ ...closedEmpty });
});

describe("the view's queue as the server rendered it", () => {
  it('is open with what the provider said, or says it could not be read', () => {
    expect(queueAsServed(served)).toEqual({ open: true, loading: false, failed: false, loaded: true, nowPlaying: served.currentlyPlaying, nextUp: served.queue });
    expect(queueAsServed(null)).toEqual({ open: true, loading: false, failed: true, loaded: false, nowPlaying: null, nextUp: [] });
  });

  it("is in the view's snapshot, and not in the card's (whose seed has no queue)", () => {
    expect(nowPlayingSnapshot(seed(served)).get($queue)).toEqual(queueAsServed(served));
    expect(nowPlayingSnapshot(seed(null)).get($queue)).toEqual(queueAsServed(null));
    expect(nowPlayingSnapshot(seed()).has($queue)).toBe(false);
  });
});

describe('adopting the served queue', () => {
  it("fills a store that has no answer yet, and leaves the panel's open state to the view", () => {
    adoptNowPlaying(seed(served));
    expect($queue.get()).toEqual({ ...closedEmpty, loaded: true, nowPlaying: served.currentlyPlaying, nextUp: served.queue });
  });

  it("keeps this tab's own answer, which is newer (a page shown again from memory carries an old one)", () => {
    const own = { ...closedEmpty, open: true, loaded: true, nowPlaying: track('own'), nextUp: [] };
    $queue.set(own);
    adoptQueue(served);
    expect($queue.get()).toEqual(own);
  });

  it("changes nothing for a queue the server could not read, or for the card's seed", () => {
    adoptQueue(null);
    adoptNowPlaying(seed());
    expect($queue.get()).toEqual(closedEmpty);
  });
});
