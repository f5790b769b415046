import { describe, expect, it } from 'vitest';
import { EARLY_UNMOUNT_WINDOW_MS, isEarlyUnmountAfterSwap } from '../../src/components/shell/early-unmount';

const minified = new Error('Minified React error #424; visit https://react.dev/errors/424 for the full message or use the non-minified dev environment for full errors');
const full = new Error('This root received an early update, before anything was able hydrate. Switched the entire root to client rendering.');

describe("React's report of an island unmounted by the router's swap while it hydrated", () => {
  it('is no failure just after a swap, minified or not', () => {
    expect(isEarlyUnmountAfterSwap(minified, 40)).toBe(true);
    expect(isEarlyUnmountAfterSwap(full, EARLY_UNMOUNT_WINDOW_MS - 1)).toBe(true);
  });

  it('is reported long after a swap, or with no swap yet', () => {
    expect(isEarlyUnmountAfterSwap(minified, EARLY_UNMOUNT_WINDOW_MS)).toBe(false);
    expect(isEarlyUnmountAfterSwap(minified, Infinity)).toBe(false);
  });

  it('leaves every other error reported, however soon after a swap', () => {
    expect(isEarlyUnmountAfterSwap(new Error('Minified React error #425; visit https://react.dev/errors/425'), 10)).toBe(false);
    expect(isEarlyUnmountAfterSwap(new Error('errors/4240'), 10)).toBe(false);
    expect(isEarlyUnmountAfterSwap('errors/424', 10)).toBe(false);
  });
});
