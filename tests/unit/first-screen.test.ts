import { describe, expect, it } from 'vitest';
import { firstScreenIn, nextTask, rendererFirst } from '../../src/components/shell/first-screen';

/** A window whose load event and timers the test fires. */
function loadingWindow(readyState: DocumentReadyState) {
  const loads: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  return {
    document: { readyState },
    addEventListener: (_type: 'load', listener: () => void) => void loads.push(listener),
    setTimeout: (callback: () => void, ms: number) => void timers.push({ callback, ms }),
    load: () => loads.forEach((listener) => listener()),
    timers,
  };
}

const settledNow = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
};

describe('islands start once the first screen is in', () => {
  it('a page still loading waits for its load event', async () => {
    const win = loadingWindow('interactive');
    const ready = firstScreenIn(win, 2500);
    expect(await settledNow(ready)).toBe(false);
    win.load();
    expect(await settledNow(ready)).toBe(true);
  });

  it('a load that does not come is waited for at most the bound', async () => {
    const win = loadingWindow('loading');
    const ready = firstScreenIn(win, 2500);
    expect(win.timers.map((timer) => timer.ms)).toEqual([2500]);
    expect(await settledNow(ready)).toBe(false);
    win.timers[0]!.callback();
    expect(await settledNow(ready)).toBe(true);
  });

  it('a page already loaded (one the client router brought) waits for nothing', async () => {
    const win = loadingWindow('complete');
    expect(await settledNow(firstScreenIn(win))).toBe(true);
    expect(win.timers).toEqual([]);
  });
});

describe("the islands' renderer first, in a task of its own", () => {
  it('imports the renderer the islands name, then waits a task, before resolving', async () => {
    const steps: string[] = [];
    const doc = { querySelector: (selector: string) => (selector === 'astro-island[renderer-url]' ? { getAttribute: (name: string) => (name === 'renderer-url' ? '/_astro/client.js' : null) } : null) };
    await rendererFirst(
      doc as unknown as Document,
      async (url) => void steps.push(`import ${url}`),
      async () => void steps.push('next task'),
    );
    expect(steps).toEqual(['import /_astro/client.js', 'next task']);
  });

  it('a page with no island imports nothing and waits for nothing', async () => {
    const steps: string[] = [];
    await rendererFirst({ querySelector: () => null } as unknown as Document, async () => void steps.push('import'), async () => void steps.push('next task'));
    expect(steps).toEqual([]);
  });

  it('the next task comes after the microtasks of this one', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await task;
    expect(order).toEqual(['microtask', 'task']);
  });
});
