// The disk store's sweep (src/server/session-driver.ts): session files nobody wrote for the
// session's lifetime go; live ones, and a folder that does not exist yet, are left alone.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepSessionFiles } from '../../src/server/session-driver';
import { SESSION_TTL_SECONDS } from '../../src/server/session-cookie';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sessionFile(dir: string, name: string, ageSeconds: number, now: number): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '{"tokens":{}}');
  const at = (now - ageSeconds * 1000) / 1000;
  utimesSync(path, at, at);
  return path;
}

describe('the disk store of sessions', () => {
  it('removes the files of sessions unused for their lifetime, and keeps the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'my-music-sessions-'));
    dirs.push(dir);
    const now = Date.now();
    const ended = sessionFile(dir, 'ended-session', SESSION_TTL_SECONDS + 60, now);
    const nested = sessionFile(dir, 'sub/ended-too', SESSION_TTL_SECONDS + 1, now);
    const live = sessionFile(dir, 'live-session', SESSION_TTL_SECONDS - 60, now);
    expect(await sweepSessionFiles(dir, SESSION_TTL_SECONDS, now)).toBe(2);
    expect([existsSync(ended), existsSync(nested), existsSync(live)]).toEqual([false, false, true]);
    expect(await sweepSessionFiles(dir, SESSION_TTL_SECONDS, now)).toBe(0);
  });

  it('finds nothing to do before the first sign-in made the folder', async () => {
    expect(await sweepSessionFiles(join(tmpdir(), 'my-music-no-such-folder'), SESSION_TTL_SECONDS)).toBe(0);
  });
});
