import { describe, expect, it } from 'vitest';
import {
  currentTrack, disallows, next, nextEventAt, pause, previous, progressMs, resume, seek, setRepeat, setShuffle, settle, startPlayback,
  type PlayerState, type QueueTrack, type StartOptions,
} from '../../playback/player-state';
import { seededRandom } from '../../catalogue/random';

const tracks: QueueTrack[] = [
  { id: 't0', uri: 'spotify:track:t0', durationMs: 60_000 },
  { id: 't1', uri: 'spotify:track:t1', durationMs: 20_000 },
  { id: 't2', uri: 'spotify:track:t2', durationMs: 90_000 },
  { id: 't3', uri: 'spotify:track:t3', durationMs: 45_000 },
];
const T0 = 1_700_000_000_000;

function start(overrides: Partial<StartOptions> = {}): PlayerState {
  return startPlayback({ contextUri: 'spotify:album:a', tracks, offset: 0, positionMs: 0, shuffle: false, repeat: 'off', ...overrides }, T0).state;
}
const idOf = (state: PlayerState) => currentTrack(state)?.id;

describe('starting playback', () => {
  it('starts at an offset and position, progressing with time', () => {
    const state = start({ offset: 2, positionMs: 5_000 });
    expect(idOf(state)).toBe('t2');
    expect(progressMs(state, T0)).toBe(5_000);
    expect(progressMs(state, T0 + 1_500)).toBe(6_500);
    expect(state.playing).toBe(true);
  });

  it('starts the next track when position_ms passes the end', () => {
    const state = start({ offset: 1, positionMs: 25_000 });
    expect(idOf(state)).toBe('t2');
    expect(progressMs(state, T0)).toBe(0);
  });

  it('under shuffle plays every track once, starting with the offset', () => {
    const state = startPlayback({ contextUri: null, tracks, offset: 3, positionMs: 0, shuffle: true, repeat: 'off' }, T0, seededRandom(7)).state;
    expect(idOf(state)).toBe('t3');
    expect([...state.order].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('time passing', () => {
  it('records a play after 30 s and walks into the next track at the end', () => {
    const state = start();
    const at30 = settle(state, T0 + 30_000);
    expect(at30.plays).toEqual([{ trackId: 't0', playedAt: T0 + 30_000, contextUri: 'spotify:album:a' }]);
    const later = settle(at30.state, T0 + 65_000);
    expect(later.plays).toEqual([]);
    expect(idOf(later.state)).toBe('t1');
    expect(progressMs(later.state, T0 + 65_000)).toBe(5_000);
  });

  it('records a short track when it plays to its end', () => {
    const { state, plays } = settle(start({ offset: 1 }), T0 + 21_000);
    expect(plays).toEqual([{ trackId: 't1', playedAt: T0 + 20_000, contextUri: 'spotify:album:a' }]);
    expect(idOf(state)).toBe('t2');
  });

  it('does not count seeking as listening', () => {
    const sought = seek(start(), 50_000, T0 + 1_000).state;
    expect(settle(sought, T0 + 5_000).plays).toEqual([]);
    // It still counts once it plays to its end.
    expect(settle(sought, T0 + 11_000).plays.map((p) => p.trackId)).toEqual(['t0']);
  });

  it('stops at the end of the context with repeat off, on the first track', () => {
    const { state, plays } = settle(start({ offset: 3 }), T0 + 100_000);
    expect(plays.map((p) => p.trackId)).toEqual(['t3']);
    expect(state.playing).toBe(false);
    expect(idOf(state)).toBe('t0');
    expect(progressMs(state, T0 + 200_000)).toBe(0);
  });

  it('wraps with repeat context and repeats one track with repeat track', () => {
    const wrapped = settle(start({ offset: 3, repeat: 'context' }), T0 + 46_000).state;
    expect(idOf(wrapped)).toBe('t0');
    expect(wrapped.playing).toBe(true);
    const repeated = settle(start({ offset: 1, repeat: 'track' }), T0 + 41_000);
    expect(idOf(repeated.state)).toBe('t1');
    expect(progressMs(repeated.state, T0 + 41_000)).toBe(1_000);
    expect(repeated.plays.map((p) => p.trackId)).toEqual(['t1', 't1']);
  });

  it('says when the next event happens', () => {
    const state = start();
    expect(nextEventAt(state)).toBe(T0 + 30_000);
    expect(nextEventAt(settle(state, T0 + 30_000).state)).toBe(T0 + 60_000);
    expect(nextEventAt(pause(state, T0 + 1).state)).toBeNull();
  });
});

describe('commands', () => {
  it('pauses and resumes, keeping progress and listened time', () => {
    const paused = pause(start(), T0 + 10_000).state;
    expect(progressMs(paused, T0 + 50_000)).toBe(10_000);
    expect(disallows(paused)).toMatchObject({ pausing: true, resuming: false });
    const resumed = resume(paused, T0 + 50_000).state;
    expect(progressMs(resumed, T0 + 52_000)).toBe(12_000);
    expect(settle(resumed, T0 + 69_999).plays).toEqual([]);
    expect(settle(resumed, T0 + 70_000).plays).toHaveLength(1);
  });

  it('skips next and previous; previous after 3 s restarts the track', () => {
    const second = next(start(), T0 + 1_000).state;
    expect(idOf(second)).toBe('t1');
    expect(progressMs(second, T0 + 1_000)).toBe(0);
    expect(idOf(previous(second, T0 + 2_000).state)).toBe('t0');
    const restarted = previous(second, T0 + 5_000).state;
    expect(idOf(restarted)).toBe('t1');
    expect(progressMs(restarted, T0 + 5_000)).toBe(0);
  });

  it('disallows skipping past the ends only with repeat off', () => {
    const first = start();
    expect(disallows(first)).toMatchObject({ skipping_prev: true, skipping_next: false });
    const last = start({ offset: 3 });
    expect(disallows(last)).toMatchObject({ skipping_prev: false, skipping_next: true });
    const repeating = setRepeat(last, 'context', T0).state;
    expect(disallows(repeating).skipping_next).toBe(false);
    expect(idOf(next(repeating, T0).state)).toBe('t0');
  });

  it('shuffle keeps the current track and off restores context order', () => {
    const state = start({ offset: 2 });
    const shuffled = setShuffle(state, true, T0 + 1_000, seededRandom(3)).state;
    expect(idOf(shuffled)).toBe('t2');
    expect(shuffled.cursor).toBe(0);
    expect([...shuffled.order].sort()).toEqual([0, 1, 2, 3]);
    expect(progressMs(shuffled, T0 + 1_000)).toBe(1_000);
    const ordered = setShuffle(shuffled, false, T0 + 2_000).state;
    expect(ordered.order).toEqual([0, 1, 2, 3]);
    expect(idOf(next(ordered, T0 + 2_000).state)).toBe('t3');
  });
});
