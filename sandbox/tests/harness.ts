import { serve, type ServerType } from '@hono/node-server';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';

export const ALL_SCOPES = [
  'user-read-currently-playing', 'user-read-recently-played', 'user-read-playback-state', 'user-modify-playback-state',
  'playlist-read-private', 'playlist-read-collaborative', 'user-top-read', 'streaming', 'user-read-email',
  'user-read-private', 'user-follow-read', 'user-follow-modify', 'user-library-read', 'user-library-modify',
];
export const REDIRECT_URI = 'http://127.0.0.1:4999/callback';

/** A movable clock, so tests reach expiry without waiting. */
export class TestClock {
  value = Date.now();
  now = () => this.value;
  advance(ms: number) {
    this.value += ms;
  }
}

export interface RunningSandbox {
  url: string;
  sandbox: Sandbox;
  clock: TestClock;
  dataDir: string;
  /** Stops the server and closes the database; the data directory stays for a restart. */
  stop: () => Promise<void>;
  /** Stops and deletes the data directory. */
  dispose: () => Promise<void>;
  get: (path: string, token?: string) => Promise<Response>;
  send: (method: string, path: string, token: string, body?: string) => Promise<Response>;
  signIn: (options?: { scopes?: string[]; email?: string; password?: string }) => Promise<Tokens>;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Starts a real sandbox over HTTP on 127.0.0.1, on a fresh temporary data directory (or the one given). */
export async function startSandbox(options: SandboxOptions = {}, existingDir?: string): Promise<RunningSandbox> {
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const clock = new TestClock();
  // Listen first, so the sandbox's public URL (hrefs, next links) is the real one.
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (request, env) => handle(request, env), hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  // Tests block the event loop while generating catalogues; a late server-side keep-alive
  // close would then race the client's next request on the same socket (ECONNRESET).
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = createSandbox({ size: 'small', seed: 42, faults: true, dataDir, now: clock.now, publicUrl: url, ...options });
  handle = (request, env) => sandbox.app.fetch(request, env as never);
  const stop = async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    sandbox.close();
  };
  const running: RunningSandbox = {
    url,
    sandbox,
    clock,
    dataDir,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    get: (path, token) => fetch(url + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} }),
    send: (method, path, token, body) =>
      fetch(url + path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body,
      }),
    signIn: async ({ scopes = ALL_SCOPES, email, password } = {}) => {
      const code = await authorizeCode(url, scopes, { email, password });
      const response = await tokenRequest(url, {
        grant_type: 'authorization_code', code: code.code, redirect_uri: REDIRECT_URI, client_id: 'my-music', code_verifier: code.verifier,
      });
      if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as Tokens;
    },
  };
  return running;
}

/** The browser's part of the code flow: open the sign-in page, press a button, read the code from the redirect. */
export async function authorizeCode(url: string, scopes: string[], login: { email?: string; password?: string } = {}) {
  const { verifier, challenge } = pkcePair();
  const params = new URLSearchParams({
    client_id: 'my-music', response_type: 'code', redirect_uri: REDIRECT_URI, scope: scopes.join(' '),
    state: 'xyz-state', code_challenge_method: 'S256', code_challenge: challenge,
  });
  const page = await fetch(`${url}/authorize?${params}`);
  if (page.status !== 200) throw new Error(`sign-in page: ${page.status}`);
  const form = new URLSearchParams(params);
  if (login.email) {
    form.set('action', 'login');
    form.set('email', login.email);
    form.set('password', login.password ?? '');
  } else form.set('action', 'guest');
  const answer = await fetch(`${url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const location = new URL(answer.headers.get('location') ?? 'http://none/');
  return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state'), verifier, status: answer.status };
}

export function tokenRequest(url: string, fields: Record<string, string>) {
  return fetch(`${url}/api/token`, { method: 'POST', body: new URLSearchParams(fields) });
}
