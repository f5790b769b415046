import { describe, expect, it } from 'vitest';
import {
  addToQueue, currentTrack, disallows, next, previous, settle, setRepeat, setShuffle, startPlayback, upcoming,
  type PlayerState, type QueueTrack, type StartOptions,
} from '../../playback/player-state';
import { seededRandom } from '../../catalogue/random';

/** The user's queue in the pure state machine: added tracks play next, before the rest of the context. */

const track = (id: string, durationMs = 60_000): QueueTrack => ({ id, uri: `spotify:track:${id}`, durationMs });
const tracks = [track('t0'), track('t1'), track('t2'), track('t3')];
const extra = track('x', 20_000);
const other = track('y');
const T0 = 1_700_000_000_000;

function start(overrides: Partial<StartOptions> = {}): PlayerState {
  return startPlayback({ contextUri: 'spotify:album:a', tracks, offset: 0, positionMs: 0, shuffle: false, repeat: 'off', ...overrides }, T0).state;
}
const idOf = (state: PlayerState) => currentTrack(state)?.id;
const ids = (list: QueueTrack[]) => list.map((item) => item.id);

describe('the user queue', () => {
  it('lists added tracks first, then the rest of the context', () => {
    const state = start({ offset: 1 });
    expect(ids(upcoming(state))).toEqual(['t2', 't3']);
    const queued = addToQueue(addToQueue(state, extra, T0).state, other, T0).state;
    expect(ids(upcoming(queued))).toEqual(['x', 'y', 't2', 't3']);
    expect(ids(upcoming(queued, 3))).toEqual(['x', 'y', 't2']);
    expect(idOf(queued)).toBe('t1');
  });

  it('plays added tracks next, in the order added, then returns to the context', () => {
    const queued = addToQueue(addToQueue(start(), extra, T0).state, other, T0).state;
    const first = next(queued, T0 + 1_000).state;
    expect(idOf(first)).toBe('x');
    expect(ids(upcoming(first))).toEqual(['y', 't1', 't2', 't3']);
    const second = next(first, T0 + 2_000).state;
    expect(idOf(second)).toBe('y');
    expect(idOf(next(second, T0 + 3_000).state)).toBe('t1');
  });

  it('reaches an added track when the current one ends, and records its play without the context', () => {
    const queued = addToQueue(start(), extra, T0 + 1_000).state;
    const { state, plays } = settle(queued, T0 + 60_000 + 20_000 + 5_000);
    expect(plays.map((play) => [play.trackId, play.contextUri])).toEqual([
      ['t0', 'spotify:album:a'],
      ['x', null],
    ]);
    expect(idOf(state)).toBe('t1');
  });

  it('lets next skip from the last context track into an added track, which repeat off does not forbid', () => {
    const last = start({ offset: 3 });
    expect(disallows(last).skipping_next).toBe(true);
    const queued = addToQueue(last, extra, T0).state;
    expect(disallows(queued).skipping_next).toBe(false);
    const playing = next(queued, T0).state;
    expect(idOf(playing)).toBe('x');
    expect(playing.playing).toBe(true);
    // After it the context is over: the provider stops on the first track.
    const ended = next(playing, T0 + 1_000).state;
    expect([idOf(ended), ended.playing]).toEqual(['t0', false]);
  });

  it('goes back from an added track to the context track played before it', () => {
    const playing = next(addToQueue(start({ offset: 2 }), extra, T0).state, T0).state;
    expect(disallows(playing).skipping_prev).toBe(false);
    expect(idOf(previous(playing, T0 + 1_000).state)).toBe('t2');
  });

  it('honours shuffle: added tracks first, then the shuffled order', () => {
    const shuffled = setShuffle(start({ offset: 2 }), true, T0, seededRandom(3)).state;
    const order = shuffled.order.slice(1).map((index) => tracks[index]!.id);
    const queued = addToQueue(shuffled, extra, T0).state;
    expect(ids(upcoming(queued))).toEqual(['x', ...order]);
    expect(idOf(next(next(queued, T0).state, T0).state)).toBe(order[0]);
  });

  it('wraps round under repeat context, and keeps the added tracks when a new context starts', () => {
    const repeating = setRepeat(start({ offset: 2 }), 'context', T0).state;
    expect(ids(upcoming(repeating))).toEqual(['t3', 't0', 't1']);
    const queued = addToQueue(repeating, extra, T0).state;
    const restarted = startPlayback({ contextUri: null, tracks: [other], offset: 0, positionMs: 0, shuffle: false, repeat: 'off', added: queued.added }, T0).state;
    expect(ids(upcoming(restarted))).toEqual(['x']);
  });
});
