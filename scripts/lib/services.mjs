// Child processes for the site and the sandbox: port checks, labelled output,
// readiness polling and a clean stop. Shared by start, the test server and the bench.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT } from './paths.mjs';

/** Resolves true when host:port can be bound, i.e. nothing else listens there. */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, host);
  });
}

/**
 * Checks every port before anything starts, so a clash gives one clear line
 * instead of a stack trace from whichever child loses the race.
 * @param {{ port: number, host?: string, what: string, variable: string, command: string }[]} wanted
 * @returns {Promise<string | null>} the error line, or null when all are free
 */
export async function findPortClash(wanted) {
  for (const { port, host, what, variable, command } of wanted) {
    if (!(await portIsFree(port, host))) {
      return `Port ${port} (${what}) is already in use: stop what uses it or set ${variable}, e.g. ${variable}=${port + 100} ${command}`;
    }
  }
  return null;
}

function labelLines(stream, label, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} ${line}\n`);
  });
  stream.on('end', () => pending && out.write(`${label} ${pending}\n`));
}

/**
 * Starts one service. `ownGroup` puts it in its own process group so a terminal's
 * Ctrl-C reaches only the parent, which then stops each child exactly once.
 * Without it (the test server) a supervisor that kills our group kills the children too.
 */
export function startService({ name, args, env, ownGroup = false }) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  const label = `[${name}]`;
  labelLines(child.stdout, label, process.stdout);
  labelLines(child.stderr, label, process.stderr);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ name, code, signal }));
    child.on('error', (error) => resolve({ name, code: 1, signal: null, error }));
  });
  return { name, child, exited, ownGroup };
}

/** Polls until the URL answers with any HTTP status; fails fast if the service dies first. */
export async function waitUntilAnswering(service, url, timeoutMs) {
  let dead = null;
  service.exited.then((result) => (dead = result));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${service.name} exited before answering (${describeExit(dead)})`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${service.name} did not answer at ${url} within ${Math.round(timeoutMs / 1000)} s`);
}

export function describeExit({ code, signal, error }) {
  if (error) return error.message;
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/** Stops services with SIGTERM, then SIGKILL after a grace period; resolves when all are gone. */
export async function stopServices(services, graceMs = 5000) {
  await Promise.all(
    services.map(async (service) => {
      const { child } = service;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const send = (signal) => {
        try {
          if (service.ownGroup && child.pid) process.kill(-child.pid, signal);
          else child.kill(signal);
        } catch {
          // already gone
        }
      };
      send('SIGTERM');
      const timer = setTimeout(() => send('SIGKILL'), graceMs);
      await service.exited;
      clearTimeout(timer);
    }),
  );
}
