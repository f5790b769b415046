import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitNotice } from '../../../src/islands/shell/RateLimitNotice';
import { setPlayerClock, type PlayerClock } from '../../../src/lib/clock';
import { $limitSecondsLeft, noteLimitedUntil } from '../../../src/stores/provider-limit';

// The top bar's rate-limit notice (issue 28): a polite status that shows the seconds left and
// goes by itself; the store and its countdown are tested in tests/unit/rate-limit.test.ts.

let now = 1_800_000_000_000;
let tick: (() => void) | null = null;
const clock: PlayerClock = {
  now: () => now,
  setTimeout: () => 0,
  setInterval: (callback) => ((tick = callback), 1),
  clearInterval: () => void (tick = null),
};

beforeEach(() => setPlayerClock(clock));
afterEach(() => {
  now += 3_600_000;
  tick?.();
  setPlayerClock(null);
  cleanup();
});

describe('the rate-limit notice', () => {
  it('is an empty polite status while nothing is limited, and in the server\'s HTML', () => {
    render(<RateLimitNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
    noteLimitedUntil(now + 5000);
    expect(renderToString(<RateLimitNotice />)).not.toContain('Slowed down');
  });

  it('says the provider slows the app down, counts the seconds (hidden from screen readers) and goes by itself', async () => {
    render(<RateLimitNotice />);
    await act(async () => noteLimitedUntil(now + 12_000));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Slowed down');
    expect(status.textContent).toContain('The music provider is slowing My Music down');
    const seconds = status.querySelector('.rate-limit__seconds')!;
    expect(seconds.textContent).toBe('12 s');
    expect(seconds.getAttribute('aria-hidden')).toBe('true');
    now += 12_000;
    await act(async () => tick?.());
    expect($limitSecondsLeft.get()).toBe(0);
    expect(status.textContent).toBe('');
  });
});
