import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './oauth';
import { runSandboxProcess, startSandboxProcess } from './process';

// `npm run sandbox` as a real process: sandbox/main.ts's settings, ready line and exits.
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const SMALL = { SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small' };

/** A port this test holds (listening) for as long as it needs it taken. */
const heldPort = () =>
  new Promise<{ port: number; server: Server }>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server }));
  });

describe('npm run sandbox', () => {
  it('stops with one line naming a bad variable', async () => {
    const { code, stderr } = await runSandboxProcess({ ...SMALL, SANDBOX_SIZE: 'huge' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('sandbox: SANDBOX_SIZE must be one of small|medium|large (got "huge")');
  });

  it('names the port and SANDBOX_PORT when the port is taken', async () => {
    const { port, server } = await heldPort();
    try {
      const { code, stderr } = await runSandboxProcess({ ...SMALL, SANDBOX_PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`sandbox: port ${port} is in use; stop what holds it or set SANDBOX_PORT to another port`);
    } finally {
      server.close();
    }
  });

  it('with SANDBOX_PORT=0 takes a free port, prints one line with its URL, answers with hrefs there, and exits cleanly on SIGTERM', async () => {
    const started = await startSandboxProcess(SMALL);
    const port = new URL(started.url).port;
    expect(port).not.toBe('0');
    expect(started.readyLine).toMatch(new RegExp(`^Sandbox provider on http://127\\.0\\.0\\.1:${port} \\(small catalogue, extended profile, ready in [\\d.]+s\\)$`));
    expect((await fetch(`${started.url}/v1/me`)).status).toBe(401);
    const { access_token: token } = await signIn(started.url);
    const answer = (await (await fetch(`${started.url}/v1/browse/new-releases?limit=1`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { albums: { href: string } };
    expect(answer.albums.href.startsWith(`${started.url}/v1/`)).toBe(true);
    expect(await started.stop()).toBe(0);
  });

  it('ends with SANDBOX_RESTART_EXIT_CODE when a test asks for a restart, for its supervisor to start it again', async () => {
    const started = await startSandboxProcess({ ...SMALL, SANDBOX_FAULTS: '1', SANDBOX_RESTART_EXIT_CODE: '75' });
    const exit = new Promise<number | null>((resolve) => started.child.once('exit', resolve));
    expect((await fetch(`${started.url}/__sandbox/restart`, { method: 'POST' })).status).toBe(202);
    expect(await exit).toBe(75);
  });
});
