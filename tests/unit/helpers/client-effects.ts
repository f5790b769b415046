import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { clientTiming, resetClient } from '../../../src/api/client';
import { setNavigator } from '../../../src/lib/navigation';
import { resetCapabilities } from '../../../src/stores/capabilities';
import { $session } from '../../../src/stores/session';
import { $toasts } from '../../../src/stores/toasts';
import { closePremiumPrompt } from '../../../src/stores/ui';
import { clearFaults } from '../../../sandbox/tests/harness';
import { recordNavigation } from './provider';
import { signInToSandbox } from './sandbox';
import { pageSite } from './site-session';

/**
 * What the API client did that a user would notice, for tests that drive it against a
 * real sandbox: every toast shown (even one already gone), every navigation, and every
 * wait it asked for before a retry. Waits are recorded and skipped, not slept.
 */
export interface ClientEffects {
  shown: string[];
  visits: { path: string; replace: boolean }[];
  waits: number[];
}

const realTiming = { ...clientTiming };

/**
 * Registers the hooks of a file of such tests: before each one, a signed-in session
 * (signing in again for real if a test ended it, on the page or on the site's server), a
 * DEVICE_ID to check survival with,
 * fresh client state and empty records; after each, real timers and timing, and no faults.
 */
export function trackClientEffects(sandboxUrl: () => string): ClientEffects {
  const effects: ClientEffects = { shown: [], visits: [], waits: [] };
  const seen = new Set<number>();
  const unlisten = $toasts.listen((toasts) => {
    for (const toast of toasts) {
      if (seen.has(toast.id)) continue;
      seen.add(toast.id);
      effects.shown.push(toast.message);
    }
  });
  afterAll(unlisten);

  beforeEach(async () => {
    const site = pageSite();
    if (!$session.get() || (site && !(await site.tokens()))) await signInToSandbox(sandboxUrl());
    localStorage.setItem('DEVICE_ID', '"device-1"');
    resetClient();
    resetCapabilities();
    closePremiumPrompt();
    effects.visits = recordNavigation();
    // A fresh screen: a toast a test before left (they last 1.5 s) would stand for this test's same words.
    $toasts.set([]);
    effects.shown = [];
    effects.waits = [];
    clientTiming.sleep = async (ms) => void effects.waits.push(ms);
  });

  afterEach(async () => {
    vi.useRealTimers();
    Object.assign(clientTiming, realTiming);
    setNavigator(null);
    await clearFaults(sandboxUrl());
  });

  return effects;
}

/** The client's own wait (a real timer), still recording what it was asked to wait. */
export function sleepForReal(effects: ClientEffects): void {
  clientTiming.sleep = (ms, signal) => (effects.waits.push(ms), realTiming.sleep(ms, signal));
}

/**
 * Fake setTimeout for the client's time-out and the sandbox's fault delays alike (they share
 * this process), so a test steps time instead of waiting; sockets and I/O stay real.
 */
export function useFakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** The user is still signed in (the page's token, and the server session when a site runs), nothing was cleared, the page stayed. */
export async function expectSessionKept(effects: ClientEffects): Promise<void> {
  expect($session.get()).not.toBeNull();
  const site = pageSite();
  if (site) expect(await site.tokens()).not.toBeNull();
  expect(localStorage.getItem('DEVICE_ID')).toBe('"device-1"');
  expect(effects.visits).toEqual([]);
}
