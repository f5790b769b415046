import type { Page, Response } from '@playwright/test';
import { expect } from '../fixtures';

// The security headers every page of the site carries, and a record of the Content Security
// Policy's violations on a page (a violation also logs a console error, which the fixtures
// fail on; the record says which directive it was).

const EXPECTED_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-frame-options': /^DENY$/,
  // The player's features for the site and the sandbox's SDK, the rest denied (src/lib/security-headers.ts).
  'permissions-policy': /(^|, )camera=\(\)(, |$).*(^|, )autoplay=\(self "http:\/\/127\.0\.0\.1:\d+"\)(, |$)/,
  'content-security-policy': /frame-ancestors 'none'/,
};

// Scripts from the site, the sandbox's SDK origin and hashes only; requests and images to
// the site and the sandbox only (src/lib/security-headers.ts).
const POLICY: Record<string, RegExp> = {
  'script-src': /^'self' http:\/\/127\.0\.0\.1:\d+( 'sha256-[A-Za-z0-9+/]+=*')+$/,
  // The SDK's event stream is a WebSocket to the sandbox.
  'connect-src': /^'self' http:\/\/127\.0\.0\.1:(\d+) ws:\/\/127\.0\.0\.1:\1$/,
  'img-src': /^'self' http:\/\/127\.0\.0\.1:\d+$/,
  'object-src': /^'none'$/,
};

/** Checks that `route`'s answer carries the security headers and the policy's directives. */
export function checkSecurityHeaders(response: Response | null, route: string): void {
  expect(response, `${route} answered`).not.toBeNull();
  const headers = response!.headers();
  for (const [name, pattern] of Object.entries(EXPECTED_HEADERS)) {
    expect(headers[name], `${name} on ${route}`).toMatch(pattern);
  }
  const directives = new Map(headers['content-security-policy']!.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')]));
  for (const [name, pattern] of Object.entries(POLICY)) expect(directives.get(name), `${name} on ${route}`).toMatch(pattern);
}

/** From now on, every document `page` opens records its policy violations (read with cspViolations). */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => void seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

/** The violations the document `page` shows now has met: directive and blocked address. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}
