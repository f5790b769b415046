import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../src/api/types';
import { DevicePicker } from '../../../src/islands/player/DevicePicker';
import { $devices, toggleDevicePicker } from '../../../src/stores/devices';

// The provider takes no Web API command for a restricted device (its reference's is_restricted):
// the picker says so, and moving playback there is not offered. The provider's answers are the test's.
const transfers = vi.hoisted(() => [] as string[]);
vi.mock('../../../src/api/devices', async (original) => ({
  ...(await original<typeof import('../../../src/api/devices')>()),
  transferPlayback: async (deviceId: string) => void transfers.push(deviceId),
}));

const device = (id: string, name: string, isRestricted: boolean): Device => ({ id, name, type: 'Speaker', isActive: false, volumePercent: 50, isRestricted });

afterEach(() => {
  act(() => toggleDevicePicker(false));
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
