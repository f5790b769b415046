// Running a command of the project to its end: `npm test`'s steps and the build share it.
import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

/**
 * Runs `command` in the repository root and resolves when it exits with 0; rejects with the
 * exit code or signal otherwise. Its output goes to the terminal, or to `output` (a function
 * receiving each chunk) when it runs beside another command and must not interleave with it.
 */
export function runToEnd(command, args, { env = {}, output } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.stdout?.on('data', output);
    child.stderr?.on('data', output);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(signal ? `killed by ${signal}` : `exit code ${code}`)),
    );
  });
}
