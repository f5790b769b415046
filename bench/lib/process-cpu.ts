/**
 * The CPU time (user and system, ms) a process of this machine has used so far, found by what its
 * command line holds; null where /proc is not there (not Linux) or no such process runs. A
 * render's CPU time moves much less with how busy the machine is than its wall time does, so it
 * is the figure to compare between two builds measured at different moments.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

export function processCpuMs(commandHolds: string): number | null {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of dirs) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!command.includes(commandHolds)) continue;
      // Fields 14 and 15 (utime, stime), counted after the command's name in parentheses.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return null;
}
