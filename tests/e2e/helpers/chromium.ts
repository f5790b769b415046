// Where Chromium is and how it runs here: Debian's build (npx playwright install
// cannot reach its download host), headless, with no background traffic so that
// "no failed request" checks only see the product's own requests.
import { existsSync } from 'node:fs';

/** The Chromium binary: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** True when the configured Chromium binary exists. */
export function chromiumExists(): boolean {
  return existsSync(chromiumPath());
}

/** Launch flags for every run (tests and bench); autoplay so the player can start sound. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
