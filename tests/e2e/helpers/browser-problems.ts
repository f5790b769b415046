// What counts as "something went wrong in the browser" for every end-to-end test:
// console errors, uncaught exceptions, requests that failed and HTTP errors.
import type { BrowserContext } from '@playwright/test';

/**
 * Starts recording the problems of every page of a context; returns the live list.
 * Aborted requests are not problems: the client cancels superseded requests on
 * purpose and the browser aborts streams when a page goes away.
 */
export async function recordBrowserProblems(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.addInitScript(markIslandsDiscardedBeforeHydrating);
  context.on('console', (message) => {
    if (message.type() === 'info' && message.text() === DISCARDED_BEFORE_HYDRATING) problems.push(DISCARDED_BEFORE_HYDRATING);
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console error: ${message.text()}${where ? ` (at ${where})` : ''}`);
  });
  context.on('weberror', (webError) => {
    problems.push(`uncaught exception: ${webError.error().message}`);
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown failure';
    if (reason.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  context.on('response', (response) => {
    if (response.status() < 400) return;
    problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

const DISCARDED_BEFORE_HYDRATING = 'e2e: an island was discarded before React hydrated it';

/**
 * Runs in every page before its scripts: says on the console when Astro unmounts an island whose
 * React root exists (its hydration was started: no `ssr` mark) but has not hydrated yet (its
 * first element carries no React fiber). A quick switch does that to the page it leaves, and
 * React reports the unmount of a root still waiting to hydrate as an "early update" (#424):
 * nothing the user sees, the island was being thrown away (docs/ARCHITECTURE.md, "Known problem").
 */
function markIslandsDiscardedBeforeHydrating(): void {
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchMarked(this: EventTarget, event: Event) {
    if (event.type === 'astro:unmount' && this instanceof HTMLElement && this.localName === 'astro-island') {
      const child = this.firstElementChild;
      const hydrated = !!child && Object.keys(child).some((key) => key.startsWith('__reactFiber'));
      if (!this.hasAttribute('ssr') && this.getAttribute('client') !== 'only' && !hydrated) console.info('e2e: an island was discarded before React hydrated it');
    }
    return dispatch.call(this, event);
  };
}

/**
 * Each React #424 is allowed only after an island was discarded before hydrating (above), one
 * for one: a #424 on an island still on the page (rendered afresh) fails the test.
 */
function withoutDiscardedIslandsReports(problems: string[]): string[] {
  let discarded = 0;
  const left: string[] = [];
  for (const problem of problems) {
    if (problem === DISCARDED_BEFORE_HYDRATING) discarded++;
    else if (/Minified React error #424;/.test(problem) && discarded > 0) discarded--;
    else left.push(problem);
  }
  return left;
}

/** The problems that no allowance covers. */
export function unexpectedProblems(problems: string[], allowed: boolean | RegExp | RegExp[]): string[] {
  if (allowed === true) return [];
  const known = withoutDiscardedIslandsReports(problems);
  if (allowed === false) return known;
  // Playwright reads an array option as [value, options], so one pattern may arrive bare.
  const patterns = allowed instanceof RegExp ? [allowed] : allowed;
  return known.filter((problem) => !patterns.some((pattern) => pattern.test(problem)));
}
