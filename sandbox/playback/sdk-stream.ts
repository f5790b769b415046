import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { errorBody } from '../http/errors';
import type { Device, DeviceRegistry } from './devices';
import type { PlayerService } from './player-service';

/**
 * The SDK's event stream: one WebSocket per device at /sdk/v1/events?key=…, on the
 * sandbox's own port, as the provider's SDK keeps a WebSocket. Not server-sent events: a
 * browser holds at most six HTTP/1.1 connections per host, so six tabs' streams took them
 * all and every other call to the sandbox waited; a WebSocket is not one of the six.
 *
 * Only the sandbox speaks on it: each message is one event, JSON `{ event, data }`. A device
 * lives as long as its stream: it is connected when the stream opens (and told `ready`) and
 * goes, pausing a playback it held, when the stream closes.
 */

export const EVENTS_PATH = '/sdk/v1/events';
/**
 * A ping this often; a stream whose last ping got no pong is ended. A peer that went without
 * closing (a sleeping laptop, a cut network) would otherwise keep its device for minutes.
 */
const HEARTBEAT_MS = 15_000;
/** The SDK sends nothing on the stream; anything large is a mistake or an attack. */
const MAX_MESSAGE_BYTES = 1024;

/** What the sandbox does with an upgrade: open the device's stream, or refuse with an HTTP error. */
export type UpgradeAnswer = { device: Device } | { status: 404 | 409; message: string };

/**
 * The rule for an upgrade to `url`: the event stream of a registered device whose stream is
 * not open yet. The key is the device's secret (a browser's WebSocket cannot send headers).
 */
export function answerUpgrade(url: string | undefined, devices: Pick<DeviceRegistry, 'byKey'>): UpgradeAnswer {
  const parsed = new URL(url ?? '/', 'http://sandbox');
  if (parsed.pathname !== EVENTS_PATH) return { status: 404, message: 'Service not found' };
  const device = devices.byKey(parsed.searchParams.get('key') ?? '');
  if (!device) return { status: 404, message: 'Device not found' };
  // One stream per device: a second would leave the device when either closed.
  if (device.send) return { status: 409, message: 'The device is already connected' };
  return { device };
}

/** One event as the SDK reads it. */
export function eventMessage(event: string, data: unknown): string {
  return JSON.stringify({ event, data });
}

const REASONS = { 404: 'Not Found', 409: 'Conflict' } as const;

/** A refused upgrade's answer, written on the raw socket (there is no WebSocket yet): the provider's error envelope. */
export function refusal(status: 404 | 409, message: string): string {
  const body = JSON.stringify(errorBody(status, message));
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export interface SdkStreams {
  /** Takes a node server's 'upgrade' event: opens the device's stream, or refuses the request. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends the device's stream, and the device with it, at once; false when it has none open. */
  end(device: Device): boolean;
  /** Drops every stream, telling the player nothing, and stops the heartbeat: the sandbox is stopping. */
  close(): void;
}

/** `heartbeatMs` is for tests, which cannot wait for a peer to be found gone. */
export function createSdkStreams(devices: DeviceRegistry, player: PlayerService, { heartbeatMs = HEARTBEAT_MS } = {}): SdkStreams {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  /** Each open stream by device key, with what ends it. */
  const open = new Map<string, { socket: WebSocket; finish: (tellPlayer: boolean) => void }>();

  /** Streams pinged since their last pong. */
  const unanswered = new Set<WebSocket>();

  const heartbeat = setInterval(() => {
    for (const { socket } of open.values()) {
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref?.();

  function attach(device: Device, socket: WebSocket) {
    let done = false;
    const finish = (tellPlayer: boolean) => {
      if (done) return;
      done = true;
      open.delete(device.key);
      unanswered.delete(socket);
      device.send = null;
      if (tellPlayer) player.disconnected(device);
    };
    open.set(device.key, { socket, finish });
    socket.on('pong', () => unanswered.delete(socket));
    socket.on('close', () => finish(true));
    // A broken socket closes after its error; the error itself is nobody's to handle.
    socket.on('error', () => undefined);
    socket.on('message', () => socket.close(1003, 'The event stream takes no messages'));
    device.send = (event, data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(eventMessage(event, data));
    };
    device.send('ready', { device_id: device.id });
    player.connected(device);
  }

  return {
    upgrade(request, socket, head) {
      const answer = answerUpgrade(request.url, devices);
      if ('status' in answer) {
        // Node leaves an upgrading socket's errors to its taker: unheard, one (a reset peer) would end the process.
        socket.on('error', () => socket.destroy());
        socket.end(refusal(answer.status, answer.message));
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        // The device may have gone, or got a stream, while the handshake ran.
        if (answer.device.send || devices.byKey(answer.device.key) !== answer.device) ws.close(1008, 'Device not found');
        else attach(answer.device, ws);
      });
    },
    end(device) {
      const stream = open.get(device.key);
      if (!stream) return false;
      // The device goes now, not when the close handshake ends: a play a moment later is refused.
      stream.finish(true);
      stream.socket.close(1000, 'Disconnected');
      return true;
    },
    close() {
      clearInterval(heartbeat);
      for (const { socket, finish } of [...open.values()]) {
        finish(false);
        socket.terminate();
      }
    },
  };
}
