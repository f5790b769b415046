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

/**
 * The features Playwright turns off in every Chromium it launches (its chromiumSwitches, as of
 * @playwright/test 1.65). Chromium keeps only the last `--disable-features` of its command line,
 * so ours must repeat these; smoke.spec reads the command line a launched browser got and fails
 * when Playwright's own list holds one that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What a headless test browser never shows but Chromium 156 builds anyway: every new window
 * (each test's context) loads its omnibox's two popups, plain and AI mode, as WebUI pages in a
 * renderer of their own, about a second of CPU that competes with the page under test on two
 * cores. Turning both off leaves two renderers per context instead of three (BENCHMARKS.md).
 */
const UNSHOWN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_FEATURES].join(',')}`,
];
