import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical violations axe finds on the page as it is now: every WCAG A/AA
 * rule, or (`coloursOnly`) only those a theme can change. Each is listed with its elements.
 */
export async function seriousViolations(page: Page, where: string, coloursOnly = false): Promise<string[]> {
  // Only the violations are read: axe then skips collecting every passing node, most of its time.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (coloursOnly ? builder.withRules(['color-contrast', 'link-in-text-block']) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
}
