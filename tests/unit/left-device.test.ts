// A page that loads itself again (an update's reload, src/components/shell/register-sw.ts) leaves
// its device behind, and the provider still names that device, playing, for a few seconds: the
// tab's next page shows it paused, not a Pause button over silence.
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device, Playback, Track } from '../../src/api/types';
import { whereaboutsOf } from '../../src/api/playback-whereabouts';
import { reloadWhenQuiet } from '../../src/components/shell/register-sw';
import { withoutLeftDevice } from '../../src/stores/player-rules';
import { $player, showPlayingNow } from '../../src/stores/player';

const track = { id: 't1', name: 'Song', durationMs: 200_000 } as Track;
const device = (id: string): Device => ({ id, name: 'My Music', type: 'Computer', isActive: true, volumePercent: 50, isRestricted: false, supportsVolume: true });
const playingOn = (id: string): Playback => ({
  item: track,
  progressMs: 30_000,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: true, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  device: device(id),
  contextUri: null,
});

describe('the playback on the device this tab left', () => {
  it('is paused, on no active device: a play takes it over here', () => {
    const left = withoutLeftDevice(playingOn('old'), 'old')!;
    expect(left).toMatchObject({ isPlaying: false, item: { id: 't1' }, progressMs: 30_000, device: { id: 'old', isActive: false } });
    // Its Play is not held back by the playing state's disallows.
    expect(left.disallows.resuming).toBe(false);
    expect(whereaboutsOf(left, 'new')).toEqual({ at: 'left', device: left.device });
  });

  it("leaves any other device's playback, and every playback when no device was left, as the provider says", () => {
    const elsewhere = playingOn('phone');
    expect(withoutLeftDevice(elsewhere, 'old')).toBe(elsewhere);
    expect(withoutLeftDevice(playingOn('old'), null)).toEqual(playingOn('old'));
    expect(withoutLeftDevice(null, 'old')).toBeNull();
  });
});

describe("an update's reload", () => {
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("tells the tab's next page that its device went with this one, which then shows the provider's playing there paused", () => {
    $player.set({ ...$player.get(), deviceId: 'old' });
    const sounding = atom(true);
    let reloads = 0;
    reloadWhenQuiet(sounding, () => reloads++);
    sounding.set(false);
    expect(reloads).toBe(1);

    // The next page: a new document, whose device is not ready yet; the server found the music playing on the old one.
    $player.set({ ...$player.get(), deviceId: null });
    showPlayingNow({ playback: playingOn('old') });
    expect($player.get().playback).toMatchObject({ isPlaying: false, device: { id: 'old', isActive: false } });
    showPlayingNow({ playback: playingOn('phone') });
    expect($player.get().playback).toMatchObject({ isPlaying: true, device: { id: 'phone' } });
  });
});
