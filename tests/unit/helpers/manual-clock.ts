import type { PlayerClock } from '../../../src/lib/clock';

/** A clock the test moves by hand (src/lib/clock.ts's seam): `advance(ms)` runs every timer due by then, in order. */
export interface ManualClock extends PlayerClock {
  advance(ms: number): void;
  /** One-shot timers still waiting. */
  waiting(): number;
  /** Every timer still set, one-shot or repeating. */
  running(): number;
}

export function manualClock(start = 0): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number | null; callback: () => void }>();
  const add = (callback: () => void, ms: number, every: number | null) => {
    timers.set(nextId, { at: now + ms, every, callback });
    return nextId++;
  };
  return {
    now: () => now,
    setTimeout: (callback, ms) => add(callback, ms, null),
    setInterval: (callback, ms) => add(callback, ms, ms),
    clearInterval: (handle) => void timers.delete(handle as number),
    waiting: () => [...timers.values()].filter((timer) => timer.every === null).length,
    running: () => timers.size,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.callback();
      }
      now = end;
    },
  };
}
