import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, firstScreenIn, nextTask, rendererFirst } from '../../src/components/shell/first-screen';

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
  /** A document of `islands` (astro-island tags), read by a real DOM's selectors. */
  const pageOf = (islands: string) => {
    const doc = new Window().document;
    doc.body.innerHTML = islands;
    return doc as unknown as Document;
  };
  const island = (client: string, value: string) =>
    `<astro-island renderer-url="/_astro/client.js" client="${client}" opts='{"name":"View","value":"${value}"}'></astro-island>`;
  const stepsOf = async (doc: Document) => {
    const steps: string[] = [];
    await rendererFirst(doc, async (url) => void steps.push(`import ${url}`), async () => void steps.push('next task'));
    return steps;
  };

  it('imports the renderer an island that starts as the page loads names, then waits a task, before resolving', async () => {
    expect(await stepsOf(pageOf(island('intent', 'shell') + island('only', 'react')))).toEqual(['import /_astro/client.js', 'next task']);
  });

  it('a page whose islands all wait for the user imports nothing: each brings the renderer when it starts', async () => {
    expect(await stepsOf(pageOf(island('intent', 'shell') + `<astro-island renderer-url="/_astro/client.js" client="intent" opts='{"name":"AlbumView"}'></astro-island>`))).toEqual([]);
    // Nor one that waits for its screen (client:media).
    expect(await stepsOf(pageOf(island('media', '(max-width: 899px)')))).toEqual([]);
  });

  it('a page with no island imports nothing and waits for nothing', async () => {
    expect(await stepsOf(pageOf(''))).toEqual([]);
  });

  it('the next task comes after the microtasks of this one', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await task;
    expect(order).toEqual(['microtask', 'task']);
  });
});

describe("the shell script's start, after the first paint", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a frame, then a task', async () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    let started = false;
    void afterNextPaint().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toBe(false);
    frames.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
  });

  it('starts anyway where no frame comes (a tab loaded in the background)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let started = false;
    void afterNextPaint(100).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
  });
});
