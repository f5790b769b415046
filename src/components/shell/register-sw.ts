// SPEC §1: the service worker caches the shell; when an update takes control the page
// reloads (registerType autoUpdate: the worker skips waiting and claims its clients).
// What vite-plugin-pwa's `virtual:pwa-register` does for autoUpdate, without shipping
// workbox-window (2.4 KB gzipped) to every app route. Failures are only logged (SPEC §8).

/**
 * Runs `work` once the page has loaded and the browser is idle: a first visit's worker
 * precaches every script and style, which would otherwise compete with the page's own
 * requests and its first render (issue 28's catch-up on a first visit waited behind it).
 */
function whenSettled(work: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Registers /sw.js once the page has settled, and reloads the page once when a newer worker takes control. */
export function registerServiceWorker(): void {
  // The dev server builds no worker (the plugin's devOptions are off).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // Like workbox-window's `isUpdate`: the first install's claim is no update, so no reload.
  const hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  whenSettled(() => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
