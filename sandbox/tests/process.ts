import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The sandbox as its own process (`sandbox/main.ts`, as `npm run sandbox` runs it): for the
 * tests of main.ts itself, the durability test (SIGKILL is the point) and the benches (the
 * load generator must not share the sandbox's event loop). In-process tests use harness.ts.
 */

export interface SandboxProcess {
  /** Read from the ready line: with SANDBOX_PORT=0 (the default here) the port the system gave. */
  url: string;
  /** The ready line itself. */
  readyLine: string;
  child: ChildProcess;
  /** From spawn to the ready line. */
  startupMs: number;
  /** SIGTERM, resolving with the exit code once it has exited. */
  stop: () => Promise<number | null>;
  /** SIGKILL, resolving once it has exited. */
  kill: () => Promise<void>;
}

export interface SandboxExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

const READY_LINE = /^Sandbox provider on (\S+) .*$/m;

function spawnSandbox(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_HOST: '127.0.0.1', SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts it with these SANDBOX_* variables on top (host 127.0.0.1, port 0) and resolves at its ready line; rejects with its output if it exits first. */
export function startSandboxProcess(env: Record<string, string> = {}): Promise<SandboxProcess> {
  const started = Date.now();
  const child = spawnSandbox(env);
  let stdout = '';
  let stderr = '';
  let readyAt = 0;
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = READY_LINE.exec(stdout);
      if (!ready || readyAt) return;
      readyAt = Date.now();
      resolve({
        url: ready[1]!,
        readyLine: ready[0],
        child,
        startupMs: readyAt - started,
        stop: () => {
          child.kill('SIGTERM');
          return exited(child);
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited(child);
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before it was ready: ${stdout}${stderr}`)));
  });
}

/** Runs it until it exits on its own: for settings it must refuse. */
export async function runSandboxProcess(env: Record<string, string>): Promise<SandboxExit> {
  const child = spawnSandbox(env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the output may still be arriving when the process has exited.
  const code = await new Promise<number | null>((resolve) => child.once('close', (closed) => resolve(closed)));
  return { code, stdout, stderr };
}
