import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createTokenStore } from '../accounts/tokens';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';
import { ALL_SCOPES, signIn, type Login, type Tokens } from './oauth';

/**
 * The one way every test starts a sandbox (the sandbox's own tests, the client's
 * tests in tests/unit, playback's): a real sandbox over real HTTP on 127.0.0.1,
 * port 0, a fresh temporary data directory, faults on, and a clock that stands
 * still until the test moves it. connectDevice speaks to it as an SDK player does.
 */

/** The sandbox's clock: it stands still unless a test moves it, so expiry and playback progress are the test's to decide. */
export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

function createTestClock(start = Date.now()): TestClock {
  let value = start;
  return { now: () => value, advance: (ms) => void (value += ms) };
}

export interface RunningSandbox {
  url: string;
  sandbox: Sandbox;
  clock: TestClock;
  dataDir: string;
  /** An access token for the user (default: every scope), written through the sandbox's own token store, skipping the sign-in flow. */
  token: (userId: string, scopes?: string[]) => string;
  /** The whole OAuth code flow, as the guest or with email and password. */
  signIn: (options?: Login & { scopes?: string[] }) => Promise<Tokens>;
  get: (path: string, token?: string) => Promise<Response>;
  send: (method: string, path: string, token: string, body?: string) => Promise<Response>;
  /** Stops the server and closes the database; removes the data directory unless keepData (to start again on it). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/**
 * Starts a sandbox (small catalogue, seed 42, faults on) with these options on top.
 * `dataDir` starts it on an existing directory, e.g. one a stopped sandbox kept.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const clock = createTestClock();
  // Listen on port 0 first and read the port it got, so the public URL (hrefs, next links,
  // image URLs) is the real one and no other process can take the port in between.
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: (request, env) => handle(request, env), hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  // Tests block the event loop while generating catalogues; a late server-side keep-alive
  // close would then race the client's next request on the same socket (ECONNRESET).
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const sandbox = createSandbox({ size: 'small', seed: 42, faults: true, port, publicUrl: url, ...options, dataDir, now: options.now ?? clock.now });
  handle = (request, env) => sandbox.app.fetch(request, env as never);
  server.on('upgrade', (request, socket, head) => sandbox.streams.upgrade(request, socket, head));
  const tokens = createTokenStore(sandbox.db, sandbox.ctx.now, sandbox.config.tokenTtl);

  return {
    url,
    sandbox,
    clock,
    dataDir,
    token: (userId, scopes = ALL_SCOPES) => tokens.issueAccess(userId, 'my-music', scopes.join(' ')).access_token,
    signIn: ({ scopes, ...login } = {}) => signIn(url, scopes, login),
    get: (path, token) => fetch(url + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} }),
    send: (method, path, token, body) =>
      fetch(url + path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body,
      }),
    stop: async ({ keepData = false } = {}) => {
      // Event streams and keep-alive sockets would hold close() open forever.
      sandbox.streams.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      sandbox.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Scripts a failure (POST /__sandbox/faults): matching requests get this answer, `times` times. */
export async function addFault(url: string, fault: Record<string, unknown> | Record<string, unknown>[]): Promise<void> {
  const response = await fetch(`${url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`Fault refused: ${response.status} ${answer}`);
}

/** How many requests each fault has hit, in the order the faults were added. */
export async function faultHits(url: string): Promise<number[]> {
  const listed = (await (await fetch(`${url}/__sandbox/faults`)).json()) as { faults: { hits: number }[] };
  return listed.faults.map((fault) => fault.hits);
}

/** Removes every scripted failure. */
export async function clearFaults(url: string): Promise<void> {
  await (await fetch(`${url}/__sandbox/faults`, { method: 'DELETE' })).arrayBuffer();
}

export interface SdkEvent {
  event: string;
  data: Record<string, unknown>;
}

/** An SDK device spoken to the way /sdk/player.js does: register, then read its event stream (a WebSocket). */
export async function connectDevice(url: string, token: string, name = 'Test device') {
  const response = await fetch(`${url}/sdk/v1/devices`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, volume: 0.5 }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  const { device_id: deviceId, connection_key: key } = (await response.json()) as { device_id: string; connection_key: string };
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/sdk/v1/events?key=${encodeURIComponent(key)}`);
  const queued: SdkEvent[] = [];
  let closed = false;
  let wake = () => {};
  socket.on('message', (message) => {
    queued.push(JSON.parse(String(message)) as SdkEvent);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  // As the old stream's answer did, opening means the device is connected.
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, answer) => reject(new Error(`event stream answered ${answer.statusCode}`)));
    socket.once('close', () => reject(new Error('event stream closed')));
  });

  async function fill() {
    if (closed) throw new Error('event stream closed');
    await new Promise<void>((resolve) => (wake = resolve));
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
      return fetch(`${url}/sdk/v1/${path}?key=${encodeURIComponent(key)}`, { method: 'POST', body: JSON.stringify(body) });
    },
    /** Whether the sandbox has closed the stream. */
    get closed() {
      return closed;
    },
    close() {
      socket.close();
    },
  };
}
