import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../src/api/types';
import { DevicePicker } from '../../../src/islands/player/DevicePicker';
import { $devices, toggleDevicePicker } from '../../../src/stores/devices';
import { $player, resetPlayer } from '../../../src/stores/player';
import type { Playback } from '../../../src/api/types';

// The provider takes no Web API command for a restricted device (its reference's is_restricted):
// the picker says so, and moving playback there is not offered. The provider's answers are the test's.
const transfers = vi.hoisted(() => [] as string[]);
vi.mock('../../../src/api/devices', async (original) => ({
  ...(await original<typeof import('../../../src/api/devices')>()),
  transferPlayback: async (deviceId: string) => void transfers.push(deviceId),
}));

const device = (id: string, name: string, isRestricted: boolean): Device => ({ id, name, type: 'Speaker', isActive: false, volumePercent: 50, isRestricted, supportsVolume: true });

afterEach(() => {
  act(() => toggleDevicePicker(false));
  resetPlayer();
  cleanup();
  transfers.length = 0;
});

describe("the device picker's restricted devices", () => {
  it('are shown as not to be controlled from here, and a press on one moves nothing', () => {
    render(<DevicePicker place="top-bar" />);
    act(() => $devices.set({ ...$devices.get(), open: true, place: 'top-bar', loading: false, list: [device('s1', 'Kitchen', true), device('s2', 'Den', false)] }));
    const kitchen = screen.getByRole('button', { name: /Kitchen/ });
    expect(kitchen.getAttribute('aria-disabled')).toBe('true');
    expect(kitchen.textContent).toContain('Cannot be controlled from here');
    fireEvent.click(kitchen);
    expect(transfers).toEqual([]);
    expect(screen.getByRole('button', { name: /Den/ }).getAttribute('aria-disabled')).toBe('false');
  });
});

describe("the open device picker's active device", () => {
  const track = { id: 't1', name: 'Song', uri: 'spotify:track:t1', durationMs: 60_000, artists: [], album: null };
  const playingOn = (id: string): Playback => ({
    item: track,
    progressMs: 0,
    isPlaying: true,
    repeatState: 'off',
    shuffleState: false,
    device: { ...device(id, id, false), isActive: true },
    contextUri: null,
    disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  });

  it('follows the live playback when another device takes the music while it is open', () => {
    render(<DevicePicker place="top-bar" />);
    act(() => {
      $player.set({ ...$player.get(), deviceId: 'here', currentPlayingTrack: track, playback: playingOn('here') });
      $devices.set({ ...$devices.get(), open: true, place: 'top-bar', loading: false, list: [{ ...device('here', 'This tab', false), isActive: true }, device('phone', 'Phone', false)] });
    });
    expect(screen.getByRole('button', { name: /This tab/ }).getAttribute('aria-current')).toBe('true');
    // The phone takes the music (the card's reading follows it); the list is the one read at open.
    act(() => $player.set({ ...$player.get(), playback: playingOn('phone') }));
    const phone = screen.getByRole('button', { name: /Phone/ });
    expect(phone.getAttribute('aria-current')).toBe('true');
    expect(phone.textContent).toContain('Playing');
    expect(screen.getByRole('button', { name: /This tab/ }).getAttribute('aria-current')).toBeNull();
  });
});
