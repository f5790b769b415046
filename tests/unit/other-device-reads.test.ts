import { describe, expect, it } from 'vitest';
import { isOtherDeviceReadDue } from '../../src/stores/devices';

describe("reading another device's playback", () => {
  it('while it plays, at every tick (5 s); while it is paused, at every third (15 s)', () => {
    expect(isOtherDeviceReadDue(true, 1)).toBe(true);
    expect([1, 2, 3].map((ticks) => isOtherDeviceReadDue(false, ticks))).toEqual([false, false, true]);
  });
});
