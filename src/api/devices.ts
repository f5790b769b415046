import { callApi } from './client';
import { list, record, toDevice } from './normalize';
import type { Device } from './types';

/** GET me/player/devices: the user's devices, which one is active. */
export async function getDevices(): Promise<Device[]> {
  return list(record(await callApi({ path: 'me/player/devices', name: 'devices' })).devices)
    .map(toDevice)
    .filter((device): device is Device => device !== null);
}

/**
 * PUT me/player: moves playback to the device. `play` true starts it there; false
 * keeps the current play state. A device that has vanished answers 404, which the
 * caller turns into its own message (no toast).
 */
export async function transferPlayback(deviceId: string, play: boolean): Promise<void> {
  await callApi({ method: 'PUT', path: 'me/player', body: { device_ids: [deviceId], play }, name: 'transfer', quietStatuses: [404] });
}
