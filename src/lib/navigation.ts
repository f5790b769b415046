/**
 * How stores leave the current page. By default a full navigation; the app
 * shell may install Astro's client router instead (setNavigator), and tests
 * install a recorder. Stores never import Astro, so this is the seam.
 */
type Navigator = (path: string, options: { replace: boolean }) => void;

const browserNavigator: Navigator = (path, { replace }) => {
  if (typeof location === 'undefined') return;
  if (replace) location.replace(path);
  else location.assign(path);
};

let current: Navigator = browserNavigator;

/** Goes to a path of the site, replacing the history entry when asked. */
export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  current(path, { replace: options.replace ?? false });
}

/** Installs another navigator (the shell's client router, or a test recorder); null restores the default. */
export function setNavigator(navigator: Navigator | null): void {
  current = navigator ?? browserNavigator;
}
