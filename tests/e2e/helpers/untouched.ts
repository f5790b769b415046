// A page nobody has touched loads no React: its islands are the server's HTML until the user acts
// or the player shows what that HTML does not (src/components/shell/hydrate-on-intent.ts).
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from '../../../src/components/shell/first-screen';
import type { SandboxControl } from '../fixtures';
import { accessTokenOf } from './access-token';
import { SHELL_ISLANDS_CHUNK } from '../../../scripts/lib/shell-chunks.mjs';

/** The scripts `page` asks for from now on (the service worker's answers included). */
export function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  return scripts;
}

/**
 * Nothing loaded on any device (as for a listener who last played yesterday): the player card
 * shows the last played track, paused. Returns that track, and the scripts the page asks for from
 * here on.
 */
export async function withNothingLoaded(page: Page, sandbox: Pick<SandboxControl, 'addFault'>, sandboxUrl: string) {
  const token = await accessTokenOf(page);
  const recent = (await (await fetch(`${sandboxUrl}/v1/me/player/recently-played?limit=1`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { items: { track: { id: string; name: string } }[] };
  await sandbox.addFault({ match: { method: 'GET', path: '^/v1/me/player$' }, status: 204 });
  return { last: recent.items[0]!.track, scripts: watchScripts(page) };
}

/** The shell islands' chunk (scripts/lib/shell-chunks.mjs): their components and React itself, which only islands run. */
const SHELL_ISLANDS = new RegExp(`/_astro/${SHELL_ISLANDS_CHUNK}\\.[\\w-]+\\.js$`);

/**
 * Waits out the first screen's wait once the page has loaded (the SDK's device connected), then
 * says whether React came: React DOM (the islands' renderer), or React with the shell's islands.
 */
export async function reactCameUntouched(page: Page, scripts: readonly string[]): Promise<boolean> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(FIRST_SCREEN_WAIT_MS);
  return scripts.includes(await rendererOf(page)) || scripts.some((url) => SHELL_ISLANDS.test(url));
}

/** The address of the islands' renderer (React DOM's client), as the page names it. */
export async function rendererOf(page: Page): Promise<string> {
  return new URL((await page.locator('astro-island').first().getAttribute('renderer-url'))!, page.url()).href;
}
