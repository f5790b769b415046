/**
 * When a full page load's islands may start loading their code: once the first screen is in
 * (the window's `load`: style sheets, the first screen's pictures, the streamed page), or
 * FIRST_SCREEN_WAIT_MS after this module ran, whichever comes first.
 *
 * Why: every page's HTML carries its content, so no island is needed for the first paint. Left
 * to start as the parser met them, the shell's islands asked for about 100 KB of script (React
 * DOM first) while a phone was still fetching the page's style sheets and its largest picture,
 * and the three shared the connection: Lighthouse's mobile LCP was 1.8-2.4 s, 1.0-1.8 s with the
 * scripts asked for once the page had loaded (BENCHMARKS.md). The wait has a bound so that a
 * picture that never comes, or a provider that streams a section slowly, does not keep the
 * search box and the player card from working.
 *
 * Pages the client router brings find the document long loaded: nothing waits then.
 */
export const FIRST_SCREEN_WAIT_MS = 2500;

interface LoadingWindow {
  document: Pick<Document, 'readyState'>;
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  setTimeout(callback: () => void, ms: number): unknown;
}

/** Resolves when the page has loaded, or after `boundMs`; at once when it already has. */
export function firstScreenIn(win: LoadingWindow, boundMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    win.addEventListener('load', () => resolve(), { once: true });
    win.setTimeout(resolve, boundMs);
  });
}

/**
 * The islands that start as the page loads: all but those of `client:intent` that wait for the
 * user or a wake (hydrate-on-intent.ts), and
 * those of `client:media` (which may wait for ever), each of which brings the renderer when it
 * starts. A page of only those loads no renderer at all until the user acts.
 */
export const STARTING_AS_IT_LOADS = 'astro-island[renderer-url]:not([client="intent"], [client="media"])';

/**
 * Evaluates the islands' renderer (React DOM, which Astro's React client imports), when an island
 * starts as the page loads, in a task of its own, then gives the main thread back for a task, before any island starts. Why: evaluated
 * with the first island's code, React DOM (about 65 ms of a phone's CPU) and every island's start
 * (each hydrateRoot, about 5-10 ms) made one task of about 150 ms; cut in two, a tap or a key
 * waits for neither half for long, and Lighthouse counts less of them as blocking time.
 * `importModule` and `nextTask` are the browser's (dynamic import, a message to itself).
 */
export async function rendererFirst(doc: Pick<Document, 'querySelector'>, importModule: (url: string) => Promise<unknown>, nextTask: () => Promise<void>): Promise<void> {
  const renderer = doc.querySelector(STARTING_AS_IT_LOADS)?.getAttribute('renderer-url');
  if (!renderer) return;
  await importModule(renderer);
  await nextTask();
}

/** Resolves in a task after this one: a message the page sends itself, which background tabs do not slow down as they do timers. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves once the browser has painted a frame since this was asked (the task after the next
 * animation frame), or after `boundMs` where no frame comes (a tab loaded in the background):
 * when the shell's script starts (App.astro).
 */
export function afterNextPaint(boundMs = 100): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, boundMs);
  });
}
