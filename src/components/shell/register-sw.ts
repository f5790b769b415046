import type { ReadableAtom } from 'nanostores';
import { $soundingHere } from '../../stores/devices';
import { noteDeviceLeaving } from '../../stores/player';

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

/**
 * Reloads the page once a newer worker takes control (SPEC §1), but not over the music: a tab
 * whose own device sounds (`soundingHere`) reloads once it stops (a pause, the end of what it
 * played). A deploy reloaded every open tab at once, and the song playing in one ended unasked.
 * (**Change** from SPEC §1's reload at once, recorded in ARCHITECTURE.)
 *
 * The first worker's claim of a page it did not control is no update (like workbox-window's
 * `isUpdate`), and is told apart at each change: a page opened before any worker, claimed by
 * the first, reloads for the next one, which took over with its own precache (the page's old
 * code gone from it).
 */
export function reloadForUpdates(container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>, soundingHere: ReadableAtom<boolean>, reload: () => void): void {
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    reloadWhenQuiet(soundingHere, reload);
  });
}

/**
 * Reloads now, or once `soundingHere` says this tab's music stopped: a reload would end it. The
 * next page is told its device went with this one (`noteDeviceLeaving`): the provider still
 * names it, playing, for a few seconds, and the card showed Pause over the silence.
 */
export function reloadWhenQuiet(soundingHere: ReadableAtom<boolean>, reload: () => void): void {
  const leave = () => {
    noteDeviceLeaving();
    reload();
  };
  if (!soundingHere.get()) return leave();
  const stop = soundingHere.listen((sounding) => {
    if (sounding) return;
    stop();
    leave();
  });
}

/** Registers /sw.js once the page has settled, and reloads the page for an update when its music allows (`reloadForUpdates`). */
export function registerServiceWorker(): void {
  // The dev server builds no worker (the plugin's devOptions are off).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  reloadForUpdates(container, $soundingHere, () => location.reload());
  whenSettled(() => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
