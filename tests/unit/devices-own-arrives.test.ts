// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The picker opened before this tab's SDK device registered (a phone's Now Playing, pressed as the
// page loads: phone.spec.ts found no device for 10 s) shows the device once it has: its `ready`
// reads the list again, which the provider answered without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDeviceReady } from '../../src/playback/device-state';
import { $devices, toggleDevicePicker } from '../../src/stores/devices';
import { $session } from '../../src/stores/session';
import { connectDevice } from '../../sandbox/tests/harness';
import { startSignedIn, type RunningSandbox } from './helpers/sandbox';

let running: RunningSandbox;
let device: Awaited<ReturnType<typeof connectDevice>> | undefined;

beforeAll(async () => {
  ({ running } = await startSignedIn());
}, 120_000);

afterAll(async () => {
  device?.close();
  await running?.stop();
});

const names = () => $devices.get().list.map((shown) => shown.name);

describe("the device picker open as this tab's device registers", () => {
  it('reads the list again: the device shows, where the list read before it had none', async () => {
    const stop = $devices.listen(() => undefined);
    try {
      toggleDevicePicker(true);
      await expect.poll(() => $devices.get().loading).toBe(false);
      expect(names()).toEqual([]);

      device = await connectDevice(running.url, $session.get()!.accessToken, 'My Music');
      await device.next('ready');
      markDeviceReady(device.deviceId);
      await expect.poll(names).toEqual(['My Music']);
    } finally {
      toggleDevicePicker(false);
      stop();
    }
  });

  it('asks nothing while it is closed', async () => {
    const stop = $devices.listen(() => undefined);
    try {
      const before = $devices.get();
      markDeviceReady('a-later-device');
      expect($devices.get()).toBe(before);
    } finally {
      stop();
    }
  });
});
