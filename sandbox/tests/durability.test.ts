import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './oauth';
import { startSandboxProcess, type SandboxProcess } from './process';

// What the sandbox acknowledged survives its sudden death: each change is answered 200
// only once SQLite committed it (WAL), so SIGKILL right after the answer, a restart on the
// same data directory, and the change is there. A real process, since SIGKILL is the point.

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-durability-'));
let running: SandboxProcess | undefined;
afterAll(async () => {
  await running?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// Each start (port 0) gets a free port from the system; the token, kept in the data, outlives it.
async function start(): Promise<string> {
  running = await startSandboxProcess({ SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small', SANDBOX_FAULTS: '0' });
  return running.url;
}

describe('durability', () => {
  it('keeps every acknowledged like, save, follow and unlike across a SIGKILL right after its 200 or 204', async () => {
    let url = await start();
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
      await running!.kill();
      url = await start();
      expect(await (await call('GET', check)).json(), `${method} ${path} after SIGKILL`).toEqual([expected]);
    }
  }, 90_000);
});
