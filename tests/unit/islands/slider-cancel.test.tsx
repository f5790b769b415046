import { useStore } from '@nanostores/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { PlayerProgress } from '../../../src/islands/player/PlayerProgress';
import { VolumeControl } from '../../../src/islands/player/VolumeControl';
import { setPlayerClock, type PlayerClock } from '../../../src/lib/clock';
import { $player, resetPlayer } from '../../../src/stores/player';

// A finger that lands on a slider (Seek, Volume) and goes on as a scroll of the page: the browser
// moved the thumb under it, then cancels the pointer (pointercancel), with no pointerup and no
// blur (a touched slider never took the focus). A QA finding: the slider stood frozen at the
// finger's value while the music (the device's volume) went on, and nothing was sent.

const api = vi.hoisted(() => ({ seekTo: vi.fn(async () => undefined), setVolume: vi.fn(async () => undefined) }));
vi.mock('../../../src/api/player', async (original) => ({ ...(await original<object>()), ...api }));

const track: Track = { id: 't1', name: 'Song', uri: 'spotify:track:t1', durationMs: 200_500, artists: [], album: null };
const playback: Playback = {
  item: track,
  progressMs: 40_000,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  device: { id: 'speaker', name: 'Kitchen', type: 'Speaker', isActive: true, volumePercent: 30, isRestricted: false, supportsVolume: true },
  contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
};

let now = 1_000_000;
const clock: PlayerClock = { now: () => now, setTimeout: () => 0, setInterval: () => 0, clearInterval: () => undefined };

beforeEach(() => {
  now = 1_000_000;
  setPlayerClock(clock);
  $player.set({ ...$player.get(), visible: true, currentPlayingTrack: track, playback, progressSeconds: 40, progressAnchor: { positionMs: 40_000, atMs: now }, volumePercent: 30 });
});

afterEach(() => {
  cleanup();
  resetPlayer();
  setPlayerClock(null);
  vi.clearAllMocks();
});

/** The bar as the card and Now Playing show it: at the player's second. */
function Progress() {
  const { progressSeconds } = useStore($player);
  return <PlayerProgress seconds={progressSeconds} durationMs={track.durationMs} trackId={track.id} />;
}

describe('a slider whose pointer the browser cancels (a touch that became a scroll)', () => {
  it('Seek: drops the second the finger moved it to, shows where the music has got to, and seeks nowhere', () => {
    render(<Progress />);
    const bar = screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement;
    fireEvent.pointerDown(bar, { pointerType: 'touch' });
    fireEvent.change(bar, { target: { value: '111' } });
    expect(screen.getByLabelText('Elapsed').textContent).toBe('01:51');
    now += 2_000; // the music played on under the finger
    fireEvent.pointerCancel(bar, { pointerType: 'touch' });
    expect($player.get().progressSeconds).toBe(42);
    expect(screen.getByLabelText('Elapsed').textContent).toBe('00:42');
    expect(bar.value).toBe('42');
    // Nothing of the dropped hold is sent later either: a tap elsewhere, the focus leaving.
    fireEvent.pointerUp(bar, { pointerType: 'touch' });
    fireEvent.blur(bar);
    expect(api.seekTo).not.toHaveBeenCalled();
    // The next drag is one of its own: let go, it seeks.
    fireEvent.pointerDown(bar, { pointerType: 'touch' });
    fireEvent.change(bar, { target: { value: '60' } });
    fireEvent.pointerUp(bar, { pointerType: 'touch' });
    expect(api.seekTo).toHaveBeenCalledTimes(1);
    expect(api.seekTo).toHaveBeenCalledWith(60_000, 'speaker');
  });

  it("Volume: drops the finger's value, shows the device's volume again, and sets none", () => {
    render(<VolumeControl percent={30} />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    fireEvent.pointerDown(slider, { pointerType: 'touch' });
    fireEvent.change(slider, { target: { value: '80' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('80%');
    fireEvent.pointerCancel(slider, { pointerType: 'touch' });
    expect(slider.getAttribute('aria-valuetext')).toBe('30%');
    expect(slider.value).toBe('30');
    fireEvent.pointerUp(slider, { pointerType: 'touch' });
    fireEvent.blur(slider);
    expect(api.setVolume).not.toHaveBeenCalled();
    expect($player.get().volumePercent).toBe(30);
  });
});
