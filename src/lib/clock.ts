/**
 * The timers the player's rules run on (close after 800 ms, the progress tick
 * every 1000 ms), and the rate limit's countdown (src/stores/provider-limit.ts).
 * Injected so tests move time instead of sleeping.
 */
export interface PlayerClock {
  setTimeout(callback: () => void, ms: number): unknown;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

const realClock: PlayerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

let clock: PlayerClock = realClock;

/** The clock in use. */
export function playerClock(): PlayerClock {
  return clock;
}

/** Test seam (the injected clock): installs a clock tests move by hand; null restores the real one. */
export function setPlayerClock(next: PlayerClock | null): void {
  clock = next ?? realClock;
}

/** Resolves after `ms` on the current clock. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimeout(resolve, ms));
}
