import { navigate } from 'astro:transitions/client';
import { listenForInstallPrompt } from '../../stores/install-prompt';
import { navigateTo, setNavigator } from '../../lib/navigation';
import { preloadRoute } from '../../stores/preload';
import { $connectionLost } from '../../stores/connection';
import { $isSignedIn, reloadSession } from '../../stores/session';
import { registerServiceWorker } from './register-sw';

// The app shell's one bundled script: it runs once per full page load and keeps
// working across the client router's page swaps.

// Pages outside the shell have no client router; they need a full page load.
const OUTSIDE_SHELL = /^\/(auth|access_denied|callback)(?=[/?#]|$)/;

setNavigator((path, { replace }) => {
  if (OUTSIDE_SHELL.test(path)) {
    if (replace) location.replace(path);
    else location.assign(path);
    return;
  }
  void navigate(path, { history: replace ? 'replace' : 'push' });
});

// A click on a link starts the new page's data while the router fetches its HTML.
document.addEventListener('astro:before-preparation', (event) => preloadRoute((event as Event & { to: URL }).to.href));

// SPEC §2: the content starts at the top after every route change, back and forward included.
document.addEventListener('astro:after-swap', () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));

listenForInstallPrompt();

// A navigation that starts while the last one's view transition runs (a quick second
// click, a replace right after a push) makes the router skip that transition; the
// browser then rejects the transition's promises, which the router leaves unobserved.
// Nothing failed and the new page shows, so this one rejection is not reported.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError' && reason.message.startsWith('Transition was skipped')) event.preventDefault();
});

// SPEC §2: without a stored token the shell goes to /auth. Signing out in another tab
// clears the shared storage; this tab follows at once instead of failing on its next call.
// Only other tabs' changes: this tab's own sign-out paths choose their destination
// (/auth, or /access_denied for a refused account).
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== 'ACCESS_TOKEN') return;
  reloadSession();
  if (!$isSignedIn.get()) navigateTo('/auth', { replace: true });
});

// Back online after a request found no connection: the page loads again, whole, so what
// failed (its data, a section) comes back by itself. A page that lost nothing stays as it is.
window.addEventListener('online', () => {
  if ($connectionLost.get()) location.reload();
});

registerServiceWorker();
