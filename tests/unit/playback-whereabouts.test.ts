import { describe, expect, it } from 'vitest';
import type { Device, Playback, Track } from '../../src/api/types';
import { takeOverTarget, whereaboutsOf } from '../../src/api/playback-whereabouts';

const device = (id: string, isActive: boolean): Device => ({ id, name: id, type: 'Computer', isActive, volumePercent: 50, isRestricted: false, supportsVolume: true });
const track = { id: 't1' } as Track;
const playback = (over: Partial<Playback>): Playback => ({
  item: track,
  progressMs: 30_000,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  disallows: {} as Playback['disallows'],
  device: device('mine', true),
  contextUri: null,
  ...over,
});

describe('whereaboutsOf: where the account\'s music is, seen from one tab', () => {
  it('is nowhere without a playback or without its item', () => {
    expect(whereaboutsOf(null, 'mine')).toEqual({ at: 'nowhere' });
    expect(whereaboutsOf(playback({ item: null }), 'mine')).toEqual({ at: 'nowhere' });
  });

  it('is here when this tab\'s device holds it, playing or paused', () => {
    expect(whereaboutsOf(playback({}), 'mine')).toEqual({ at: 'here' });
    expect(whereaboutsOf(playback({ isPlaying: false }), 'mine')).toEqual({ at: 'here' });
  });

  it('is elsewhere on another active device, playing or paused', () => {
    const other = device('kitchen', true);
    expect(whereaboutsOf(playback({ device: other }), 'mine')).toEqual({ at: 'elsewhere', device: other });
    expect(whereaboutsOf(playback({ device: other, isPlaying: false }), 'mine')).toEqual({ at: 'elsewhere', device: other });
    // A tab whose device is not connected yet sees every active device as another.
    expect(whereaboutsOf(playback({ device: other }), null)).toEqual({ at: 'elsewhere', device: other });
  });

  it('is left when the device that held it is no longer active (its tab closed or reloaded), or unnamed', () => {
    const gone = device('old-tab', false);
    expect(whereaboutsOf(playback({ device: gone, isPlaying: false }), 'mine')).toEqual({ at: 'left', device: gone });
    expect(whereaboutsOf(playback({ device: null, isPlaying: false }), 'mine')).toEqual({ at: 'left', device: null });
  });
});

describe('takeOverTarget: where a command on the playback must move it first', () => {
  it("only a playback left behind moves, to this tab's device (the provider refuses commands on it: no active device)", () => {
    const where = (over: Partial<Playback>) => whereaboutsOf(playback(over), 'mine');
    expect(takeOverTarget(where({ device: device('old-tab', false), isPlaying: false }), 'mine')).toBe('mine');
    expect(takeOverTarget(where({ device: null, isPlaying: false }), 'mine')).toBe('mine');
    expect(takeOverTarget(where({ device: device('old-tab', false), isPlaying: false }), null)).toBeNull();
    expect(takeOverTarget(where({}), 'mine')).toBeNull();
    expect(takeOverTarget(where({ device: device('kitchen', true) }), 'mine')).toBeNull();
    expect(takeOverTarget(whereaboutsOf(null, 'mine'), 'mine')).toBeNull();
  });
});
