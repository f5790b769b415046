import { serve, type ServerType } from '@hono/node-server';
import { Window } from 'happy-dom';
import { vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../../sandbox/app';
import type { ApiProfile } from '../../../sandbox/env';

export interface RunningSandbox {
  base: string;
  sandbox: Sandbox;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A real sandbox provider on a fresh temporary data directory, served over HTTP on 127.0.0.1. */
export async function startSandbox(apiProfile: ApiProfile = 'extended'): Promise<RunningSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'my-music-client-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sandbox = createSandbox({ dataDir, port, publicUrl: base, size: 'small', apiProfile, faults: true });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: sandbox.app.fetch, hostname: '127.0.0.1', port }, () => resolve(started));
  });
  return {
    base,
    sandbox,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the guest through the sandbox's real sign-in form; resolves to the /callback URL it redirects to. */
export async function signInAsGuest(authorizeUrl: string): Promise<string> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('action', 'guest');
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('Location');
  if (!location) throw new Error(`The sign-in page answered ${response.status} without a redirect`);
  return location;
}

/** In the node environment: the browser's localStorage and sessionStorage, from happy-dom's implementation. */
export function useBrowserStorage(): void {
  const window = new Window();
  vi.stubGlobal('localStorage', window.localStorage);
  vi.stubGlobal('sessionStorage', window.sessionStorage);
}

/** Signs in as the guest through the client's own PKCE login against a running sandbox. */
export async function signInToSandbox(base: string): Promise<void> {
  const { LOGIN_SCOPES } = await import('../../../src/config/provider');
  const { useProvider } = await import('./provider');
  const { prepareLogin } = await import('../../../src/lib/pkce');
  const { completeLogin } = await import('../../../src/stores/login-callback');
  const config = useProvider(base, { scopes: LOGIN_SCOPES });
  const destination = await completeLogin(await signInAsGuest(await prepareLogin(config)));
  if (destination !== '/') throw new Error(`Sign-in ended on ${destination}`);
}

/** Scripts a sandbox failure (SANDBOX_FAULTS): matching requests get this answer, `times` times. */
export async function addFault(base: string, fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${base}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`Fault refused: ${response.status} ${await response.text()}`);
}
