import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `sandbox/main.ts` as `npm run sandbox` does; resolves with its output once it exits or prints its ready line. */
function run(env: Record<string, string>, untilReady = false) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string; child: typeof child }>((resolve) => {
    child.stdout.on('data', () => untilReady && stdout.includes('Sandbox provider on') && resolve({ code: null, stdout, stderr, child }));
    child.on('exit', (code) => resolve({ code, stdout, stderr, child }));
  });
}

const freePort = () =>
  new Promise<{ port: number; server: Server }>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server }));
  });

describe('npm run sandbox', () => {
  it('stops with one line naming a bad variable', async () => {
    const { code, stderr } = await run({ SANDBOX_SIZE: 'huge' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('sandbox: SANDBOX_SIZE must be one of small|medium|large (got "huge")');
  });

  it('names the port and SANDBOX_PORT when the port is taken', async () => {
    const { port, server } = await freePort();
    try {
      const { code, stderr } = await run({ SANDBOX_PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`sandbox: port ${port} is in use; stop what holds it or set SANDBOX_PORT to another port`);
    } finally {
      server.close();
    }
  });

  it('prints one line with its URL, answers, and exits cleanly on SIGTERM', async () => {
    const { port, server } = await freePort();
    await new Promise((resolve) => server.close(resolve));
    const started = await run({ SANDBOX_PORT: String(port) }, true);
    expect(started.stdout.trim()).toMatch(new RegExp(`^Sandbox provider on http://127\\.0\\.0\\.1:${port} \\(small catalogue, extended profile, ready in [\\d.]+s\\)$`));
    expect((await fetch(`http://127.0.0.1:${port}/v1/me`)).status).toBe(401);
    const exited = new Promise<number | null>((resolve) => started.child.on('exit', resolve));
    started.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('ends with SANDBOX_RESTART_EXIT_CODE when a test asks for a restart, for its supervisor to start it again', async () => {
    const { port, server } = await freePort();
    await new Promise((resolve) => server.close(resolve));
    const started = await run({ SANDBOX_PORT: String(port), SANDBOX_FAULTS: '1', SANDBOX_RESTART_EXIT_CODE: '75' }, true);
    const exited = new Promise<number | null>((resolve) => started.child.on('exit', resolve));
    expect((await fetch(`http://127.0.0.1:${port}/__sandbox/restart`, { method: 'POST' })).status).toBe(202);
    expect(await exited).toBe(75);
  });
});
