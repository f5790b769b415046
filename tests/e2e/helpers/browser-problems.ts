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
  context.on('console', (message) => {
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

// No React #424 is allowed any more: an island the router's swap takes away mid-hydration is
// no failure, and the shell's script keeps React's report of it off the console
// (src/components/shell/early-unmount.ts). Any #424 that reaches it fails the test.

/** The problems that no allowance covers. */
export function unexpectedProblems(problems: string[], allowed: boolean | RegExp | RegExp[]): string[] {
  if (allowed === true) return [];
  if (allowed === false) return problems;
  // Playwright reads an array option as [value, options], so one pattern may arrive bare.
  const patterns = allowed instanceof RegExp ? [allowed] : allowed;
  return problems.filter((problem) => !patterns.some((pattern) => pattern.test(problem)));
}
