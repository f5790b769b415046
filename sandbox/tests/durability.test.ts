import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './oauth';

// What the sandbox acknowledged survives its sudden death: each change is answered 200
// only once SQLite committed it (WAL), so SIGKILL right after the answer, a restart on the
// same data directory, and the change is there. A real process, since SIGKILL is the point.

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-durability-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function start(port: number): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small', SANDBOX_PORT: String(port), SANDBOX_FAULTS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = child;
  return new Promise((resolve, reject) => {
    let output = '';
    started.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sandbox provider on')) resolve();
    });
    started.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
  });
}

function killHard(): Promise<void> {
  const victim = child!;
  return new Promise((resolve) => {
    victim.once('exit', () => resolve());
    victim.kill('SIGKILL');
  });
}

describe('durability', () => {
  it('keeps every acknowledged like, save, follow and unlike across a SIGKILL right after its 200 or 204', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    await start(port);
    const { access_token: token } = await signIn(url);
    const call = (method: string, path: string) => fetch(`${url}/v1/${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    const first = async (type: string) => ((await (await call('GET', `search?q=a&type=${type}&limit=1`)).json()) as Record<string, { items: { id: string }[] }>)[`${type}s`]!.items[0]!.id;
    const [track, album, artist] = [await first('track'), await first('album'), await first('artist')];
    // The guest's seeded library may hold them already: start from not held.
    for (const path of [`me/tracks?ids=${track}`, `me/albums?ids=${album}`, `me/following?type=artist&ids=${artist}`]) await call('DELETE', path);

    const steps: [method: string, path: string, check: string, expected: boolean][] = [
      ['PUT', `me/tracks?ids=${track}`, `me/tracks/contains?ids=${track}`, true],
      ['PUT', `me/albums?ids=${album}`, `me/albums/contains?ids=${album}`, true],
      ['PUT', `me/following?type=artist&ids=${artist}`, `me/following/contains?type=artist&ids=${artist}`, true],
      ['DELETE', `me/tracks?ids=${track}`, `me/tracks/contains?ids=${track}`, false],
    ];
    for (const [method, path, check, expected] of steps) {
      const answer = await call(method, path);
      expect([200, 204], `${method} ${path}`).toContain(answer.status);
      await killHard();
      await start(port);
      expect(await (await call('GET', check)).json(), `${method} ${path} after SIGKILL`).toEqual([expected]);
    }
  }, 90_000);
});
