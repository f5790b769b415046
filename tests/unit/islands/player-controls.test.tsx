import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device, Playback, Track } from '../../../src/api/types';
import { nowPlayingPicture } from '../../../src/islands/player/now-playing-picture';
import { PlayerControls } from '../../../src/islands/player/PlayerControls';
import { PlayerProgress } from '../../../src/islands/player/PlayerProgress';
import { VOLUME_NOT_SETTABLE, VolumeControl } from '../../../src/islands/player/VolumeControl';
import { $player, resetPlayer } from '../../../src/stores/player';
import { controlsAllowed, initialPlayer } from '../../../src/stores/player-rules';

// No command may reach the provider from these views: a disabled control sends none.
const api = vi.hoisted(() => ({ setVolume: vi.fn(async () => undefined), skipToNext: vi.fn(async () => undefined) }));
vi.mock('../../../src/api/player', async (original) => ({ ...(await original<object>()), ...api }));

const track: Track = { id: 't1', name: 'Song', uri: 'spotify:track:t1', durationMs: 200_500, artists: [], album: null };
const device = (change: Partial<Device> = {}): Device => ({ id: 'speaker', name: 'Kitchen', type: 'Speaker', isActive: true, volumePercent: 40, isRestricted: false, supportsVolume: true, ...change });
const playback = (change: Partial<Playback> = {}): Playback => ({
  item: track,
  progressMs: 0,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  device: device(),
  contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  ...change,
});
const controlsOf = (played: Playback) => controlsAllowed({ playback: played, autoplayBlocked: false, currentPlayingTrack: track });

afterEach(() => {
  cleanup();
  resetPlayer();
  vi.clearAllMocks();
});

describe("the player's controls with a restricted device (it takes no Web API command)", () => {
  it('are all there, disabled, each keeping its name', () => {
    const restricted = playback({ device: device({ isRestricted: true }) });
    render(<PlayerControls playback={restricted} playing controls={controlsOf(restricted)} busy={false} />);
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat: off']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("follow the provider's disallows one by one", () => {
    const atTheEnd = playback({ disallows: { ...playback().disallows, skippingNext: true, togglingShuffle: true } });
    render(<PlayerControls playback={atTheEnd} playing controls={controlsOf(atTheEnd)} busy={false} />);
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    expect([disabled('Next'), disabled('Shuffle'), disabled('Previous'), disabled('Pause'), disabled('Repeat: off')]).toEqual([true, true, false, false, false]);
  });

  it('the progress bar cannot be sought', () => {
    render(<PlayerProgress seconds={10} durationMs={track.durationMs} canSeek={controlsOf(playback({ device: device({ isRestricted: true }) })).seek} />);
    expect((screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe("the player's middle button while a play or pause is on its way", () => {
  it('says it is working (aria-busy) and stays pressable, keeping the focus', () => {
    const played = playback();
    for (const busy of [true, false]) {
      const { unmount } = render(<PlayerControls playback={played} playing controls={controlsOf(played)} busy={busy} />);
      const pause = screen.getByRole('button', { name: 'Pause' }) as HTMLButtonElement;
      expect([pause.getAttribute('aria-busy'), pause.disabled]).toEqual([String(busy), false]);
      unmount();
    }
  });
});

describe('the Now Playing volume slider', () => {
  it("is disabled for a device whose volume cannot be set, and says why", () => {
    render(<VolumeControl percent={40} settable={controlsOf(playback({ device: device({ supportsVolume: false }) })).volume} />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(slider.disabled).toBe(true);
    expect(document.getElementById(slider.getAttribute('aria-describedby') ?? '')?.textContent).toBe(VOLUME_NOT_SETTABLE);
    expect(slider.closest('[title]')?.getAttribute('title')).toBe(VOLUME_NOT_SETTABLE);
  });

  it('is enabled, with no such note, for one that can', () => {
    render(<VolumeControl percent={40} settable />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(slider.disabled).toBe(false);
    expect(slider.getAttribute('aria-describedby')).toBeNull();
  });

  it("reads the rule from the view's picture: the server's playback, then the player's", () => {
    const fixed = playback({ device: device({ supportsVolume: false }) });
    expect(nowPlayingPicture({ live: initialPlayer(), server: fixed, hydrated: false, asking: false }).controls.volume).toBe(false);
    const live = { ...initialPlayer('ready', 50, 'here'), currentPlayingTrack: track, playback: fixed };
    expect(nowPlayingPicture({ live, server: null, hydrated: true, asking: false }).controls.volume).toBe(false);
    $player.set(live);
    const view = render(<VolumeControl percent={40} settable={nowPlayingPicture({ live, server: null, hydrated: true, asking: false }).controls.volume} />);
    fireEvent.change(view.getByRole('slider', { name: 'Volume' }), { target: { value: '60' } });
    fireEvent.keyUp(view.getByRole('slider', { name: 'Volume' }));
    expect(api.setVolume).not.toHaveBeenCalled();
  });
});
