// A throwaway Redis for the tests that prove sessions shared by several site instances:
// Debian's redis-server on 127.0.0.1, a free port, nothing persisted, gone with its process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEFAULT_PATH = '/usr/bin/redis-server';

/** The redis-server binary: REDIS_SERVER_PATH, Debian's path, or one on PATH; null when there is none. */
export function redisServerPath() {
  if (process.env.REDIS_SERVER_PATH) return existsSync(process.env.REDIS_SERVER_PATH) ? process.env.REDIS_SERVER_PATH : null;
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** A port nothing listens on now (the system's choice for port 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves true when Redis on this port answers PING with PONG. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let text = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (text.includes('\r\n')) done(text.startsWith('+PONG'));
    });
  });
}

/**
 * Starts redis-server on 127.0.0.1 (on `port`, or a free one) with no persistence, in a fresh
 * temporary folder; resolves once it answers PING (within 10 s) to `{ url, port, stop }`.
 * The process never outlives the one that started it.
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startRedis({ port } = {}) {
  const binary = redisServerPath();
  if (!binary) throw new Error('redis-server not found: apt-get install redis-server (npm test does it when run as root)');
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'my-music-redis-'));
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(chosen), '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answersPing(chosen)) return { url: `redis://127.0.0.1:${chosen}`, port: chosen, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`redis-server did not answer on port ${chosen} within 10 s:\n${output}`);
}
