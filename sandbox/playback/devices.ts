import { randomBytes } from 'node:crypto';
import type { DeviceView } from './views';

/**
 * The SDK players connected to the sandbox. A device is registered with the
 * user's token, then lives exactly as long as its event stream: it appears in
 * GET me/player/devices once the stream opens and disappears when it closes.
 */

export interface Device {
  id: string;
  /** The secret the SDK uses for its event stream and commands (a browser's WebSocket cannot send headers). */
  key: string;
  userId: string;
  name: string;
  volumePercent: number;
  registeredAt: number;
  /** Whether the device was last sent a state (rather than null). */
  playing: boolean;
  /** Set while the event stream (a WebSocket, sdk-stream.ts) is open. */
  send: ((event: string, data: unknown) => void) | null;
}

/** A registration whose stream never opens is forgotten after this long. */
const PENDING_TTL_MS = 30_000;

export function createDeviceRegistry() {
  const byKey = new Map<string, Device>();
  const byId = new Map<string, Device>();

  function forgetStalePending(now: number) {
    for (const device of byKey.values()) {
      if (!device.send && now - device.registeredAt > PENDING_TTL_MS) remove(device);
    }
  }
  function remove(device: Device) {
    byKey.delete(device.key);
    byId.delete(device.id);
  }

  return {
    register(userId: string, name: string, volumePercent: number, now: number): Device {
      forgetStalePending(now);
      const device: Device = {
        // Forty hex characters, like the provider's device ids.
        id: randomBytes(20).toString('hex'),
        key: randomBytes(24).toString('base64url'),
        userId,
        name,
        volumePercent,
        registeredAt: now,
        playing: false,
        send: null,
      };
      byKey.set(device.key, device);
      byId.set(device.id, device);
      return device;
    },
    byKey: (key: string) => byKey.get(key),
    /** A connected device of this user, by id. */
    connected(userId: string, id: string): Device | undefined {
      const device = byId.get(id);
      return device && device.userId === userId && device.send ? device : undefined;
    },
    ofUser(userId: string): Device[] {
      return [...byId.values()].filter((device) => device.userId === userId && device.send !== null);
    },
    remove,
    view(device: Device, activeId: string | null): DeviceView {
      return {
        id: device.id,
        is_active: device.id === activeId,
        is_private_session: false,
        is_restricted: false,
        name: device.name,
        type: 'Computer',
        volume_percent: device.volumePercent,
        supports_volume: true,
      };
    },
  };
}

export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;
