import { describe, expect, it } from 'vitest';
import type { Track } from '../../src/api/types';
import { QUEUE_FRESH_MS, QUEUE_REREAD_MS, queueAsPlayerShows, queueReadDue } from '../../src/stores/queue-rules';

/** The queue panel's two rules, with the clock passed in: what it shows beside the player, and when it reads again. */

const track = (id: string): Track => ({ id, name: `Song ${id}`, uri: `spotify:track:${id}`, durationMs: 180_000, artists: [], album: null }) as unknown as Track;
const answered = (nowPlaying: Track | null, nextUp: Track[] = []) => ({ open: true, loading: false, failed: false, loaded: true, nowPlaying, nextUp });

describe('the queue as the player shows it', () => {
  it('a closed player: nothing playing and nothing next, though the provider still holds the paused track', () => {
    const shown = queueAsPlayerShows(answered(track('a'), [track('b'), track('c')]), { track: null, closed: true });
    expect(shown).toMatchObject({ open: true, loaded: true, nowPlaying: null, nextUp: [] });
  });

  it("a player showing a track the provider lists no queue for (a reload's left playback, the last played track): that track, paused, and nothing next", () => {
    const shown = queueAsPlayerShows(answered(null), { track: track('a'), closed: false });
    expect(shown).toMatchObject({ nowPlaying: { id: 'a' }, nextUp: [] });
  });

  it('before the answer, or after a failed read, it says so rather than showing the player’s track', () => {
    const loading = { ...answered(null), loaded: false, loading: true };
    expect(queueAsPlayerShows(loading, { track: track('a'), closed: false })).toBe(loading);
    const failed = { ...answered(null), failed: true };
    expect(queueAsPlayerShows(failed, { track: track('a'), closed: false })).toBe(failed);
  });

  it("the provider's word as it is while both know a track, and while the player knows none yet (a fresh tab still asking)", () => {
    const queue = answered(track('a'), [track('b')]);
    expect(queueAsPlayerShows(queue, { track: track('a'), closed: false })).toBe(queue);
    expect(queueAsPlayerShows(queue, { track: null, closed: false })).toBe(queue);
    // A closed player the SDK reported a track for again shows it, and so does the panel.
    expect(queueAsPlayerShows(queue, { track: track('a'), closed: true })).toBe(queue);
  });
});

describe('when an open panel reads the queue again', () => {
  const now = 1_000_000;
  const reading = { open: true, followsPlayback: true, visible: true, online: true, limited: false, reading: false, askedAt: now - QUEUE_REREAD_MS };

  it('at each tick of its rhythm while it is open, beside a playback on an active device, in a tab in view', () => {
    expect(queueReadDue(reading, now)).toBe(true);
    expect(queueReadDue({ ...reading, askedAt: null }, now)).toBe(true);
  });

  it('never while shut, beside nothing to follow (a closed or empty player, the last played track, a playback left by a device that went), or in a hidden tab', () => {
    expect(queueReadDue({ ...reading, open: false }, now)).toBe(false);
    expect(queueReadDue({ ...reading, followsPlayback: false }, now)).toBe(false);
    expect(queueReadDue({ ...reading, visible: false }, now)).toBe(false);
  });

  it('never offline, nor while the provider rate-limits the site: such a read could only fail, or add to the limit', () => {
    expect(queueReadDue({ ...reading, online: false }, now)).toBe(false);
    expect(queueReadDue({ ...reading, limited: true }, now)).toBe(false);
  });

  it('never while a read is on its way: a new one would cancel it (one name), and a slow answer would never land', () => {
    expect(queueReadDue({ ...reading, reading: true }, now)).toBe(false);
    expect(queueReadDue({ ...reading, reading: true, askedAt: now - 10 * QUEUE_REREAD_MS }, now)).toBe(false);
  });

  it('not again right after a read (a new track read it; the tab’s return fires two events)', () => {
    expect(queueReadDue({ ...reading, askedAt: now - QUEUE_FRESH_MS + 1 }, now)).toBe(false);
    expect(queueReadDue({ ...reading, askedAt: now - QUEUE_FRESH_MS }, now)).toBe(true);
  });

  it('reads within a few seconds, and no more often than the card follows another device', () => {
    expect(QUEUE_REREAD_MS).toBeLessThanOrEqual(5000);
    expect(QUEUE_REREAD_MS).toBeGreaterThanOrEqual(QUEUE_FRESH_MS * 5);
  });
});
