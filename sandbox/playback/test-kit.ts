import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '../app';

/**
 * A real sandbox over real HTTP for playback's tests: a temporary data
 * directory, a clock the test moves, and access tokens written straight into
 * the token table (the OAuth flow that issues them is the core's, tested there).
 */

export const PLAYER_SCOPES = [
  'streaming',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'user-read-recently-played',
];

export interface TestSandbox {
  url: string;
  sandbox: Sandbox;
  clock: { now: number };
  token(userId: string, scopes?: string[]): string;
  close(): Promise<void>;
}

export async function startTestSandbox(): Promise<TestSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playback-test-'));
  const clock = { now: Date.now() };
  const sandbox = createSandbox({ dataDir, size: 'small', faults: true, now: () => clock.now });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: sandbox.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  let issued = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox,
    clock,
    token(userId, scopes = PLAYER_SCOPES) {
      const token = `test-${userId}-${++issued}`;
      sandbox.db
        .prepare('INSERT INTO access_tokens (token, user_id, client_id, scope, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(token, userId, 'my-music', scopes.join(' '), clock.now + 3_600_000);
      return token;
    },
    async close() {
      // Event streams and keep-alive sockets would hold close() open forever.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SdkEvent {
  event: string;
  data: Record<string, unknown>;
}

/** An SDK device spoken to the way /sdk/player.js does: register, then read its event stream. */
export async function connectDevice(url: string, token: string, name = 'Test device') {
  const response = await fetch(`${url}/sdk/v1/devices`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, volume: 0.5 }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  const { device_id: deviceId, connection_key: key } = (await response.json()) as { device_id: string; connection_key: string };
  const abort = new AbortController();
  const stream = await fetch(`${url}/sdk/v1/events?key=${key}`, { signal: abort.signal });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queued: SdkEvent[] = [];
  let buffer = '';

  async function fill() {
    const { value, done } = await reader.read();
    if (done) throw new Error('event stream closed');
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) queued.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
  }

  return {
    deviceId,
    key,
    /** The next event of that name, skipping others. */
    async next(event: string): Promise<SdkEvent['data']> {
      for (;;) {
        const index = queued.findIndex((item) => item.event === event);
        if (index >= 0) return queued.splice(index, 1)[0]!.data;
        await fill();
      }
    },
    post(path: string, body: unknown) {
      return fetch(`${url}/sdk/v1/${path}?key=${key}`, { method: 'POST', body: JSON.stringify(body) });
    },
    close() {
      abort.abort();
    },
  };
}
