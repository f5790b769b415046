import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core's own script, read once per worker. The page gets it once per document and runs it
// there: @axe-core/playwright injected it again for every check and opened a blank page to
// finish each one, more than half of the accessibility walk's time.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const everyRule: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  // Only the violations are read: axe then skips collecting every passing node, most of its time.
  resultTypes: ['violations'],
};
const colourRules: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
  resultTypes: ['violations'],
};

interface Check {
  /** Only the rules a theme can change. */
  coloursOnly?: boolean;
  /** Only inside the first element this CSS selector finds (the whole page when absent). */
  within?: string;
}

/**
 * The serious and critical violations axe finds on the page as it is now: every WCAG A/AA
 * rule, or only those a theme can change. Each is listed, after `where`, with its elements.
 */
export async function seriousViolations(page: Page, where: string, { coloursOnly = false, within }: Check = {}): Promise<string[]> {
  // Evaluated by the debugger, not as a page script: the site's CSP does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ({ options, within }) => {
      const context = within ? document.querySelector(within) : document;
      if (!context) throw new Error(`axe: nothing matches ${within}`);
      return (window as unknown as { axe: { run(context: Element | Document, options: RunOptions): Promise<AxeResults> } }).axe.run(context, options);
    },
    { options: coloursOnly ? colourRules : everyRule, within },
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
}
