// The API client's one piece of timing that needs no provider at all: the wait before a retry,
// on fake timers. Everything the client does with an answer, or with a missing one, is tested
// against a real sandbox whose fault injection produces it: DESIGN §5's rules (request building,
// refresh, retries, cancellation) in api-sandbox-rules.test.ts, SPEC §8's table (time-outs at
// 30 s included, on fake timers, and the browser's offline flag) in error-catalogue.test.ts.
// No fetch stub is left here: none of those cases needs one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientTiming } from '../../src/api/client';

afterEach(() => {
  vi.useRealTimers();
});

describe("the client's wait before a retry", () => {
  it('lasts the time asked for', async () => {
    vi.useFakeTimers();
    let done = false;
    const wait = clientTiming.sleep(2000, new AbortController().signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
  });

  it('ends at once when its call is cancelled, leaving no timer behind', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const wait = clientTiming.sleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await wait;
    expect(vi.getTimerCount()).toBe(0);
  });
});
