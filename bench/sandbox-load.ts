/**
 * Helpers for bench/sandbox.ts: run a sandbox as its own process (so the load generator
 * does not share its event loop), sign in through the real code flow, and drive requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface RunningServer {
  url: string;
  child: ChildProcess;
  startupMs: number;
  stop: () => Promise<void>;
}

/** Starts `sandbox/main.ts` with the given env and waits for its ready line. */
export function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, ...env, SANDBOX_HOST: '127.0.0.1', SANDBOX_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sandbox provider on')) {
        resolve({ url: `http://127.0.0.1:${port}`, child, startupMs: Date.now() - started, stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before it was ready: ${output}`)));
  });
}

/** The guest signs in through the sign-in form and the token endpoint, like the site does. */
export async function signInGuest(url: string): Promise<string> {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirect = 'http://127.0.0.1:4321/callback';
  const form = new URLSearchParams({
    client_id: 'my-music', response_type: 'code', redirect_uri: redirect, state: 'bench', action: 'guest',
    scope: 'user-read-private user-read-email user-library-read user-follow-read user-top-read user-read-recently-played playlist-read-private',
    code_challenge_method: 'S256', code_challenge: challenge,
  });
  const answer = await fetch(`${url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const token = await fetch(`${url}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: 'my-music', code_verifier: verifier }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

export interface Sample {
  name: string;
  ms: number;
  status: number;
}

/** Sends requests from `next()` with `concurrency` in flight for `seconds`, recording each one. */
export async function drive(url: string, token: string, next: () => { name: string; path: string }, concurrency: number, seconds: number) {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const { name, path } = next();
      const start = performance.now();
      const answer = await fetch(url + path, { headers: { Authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      samples.push({ name, ms: performance.now() - start, status: answer.status });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, elapsedMs: performance.now() - started };
}

/** CPU time (user + system, ms) the process has used so far, from /proc; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(samples: Sample[], elapsedMs: number) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.status >= 500).length,
    rps: Math.round((samples.length / elapsedMs) * 1000),
    p50: Number(percentile(ms, 50).toFixed(2)),
    p95: Number(percentile(ms, 95).toFixed(2)),
  };
}
