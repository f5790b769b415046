import { navigate } from 'astro:transitions/client';
import { listenForInstallPrompt } from '../../stores/install-prompt';
import { setNavigator } from '../../lib/navigation';
import { preloadRoute } from '../../stores/preload';
import { $connectionLost } from '../../stores/connection';
import { followSignOutElsewhere, startSession } from '../../stores/session';
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

// The server decides who is signed in (a visitor never gets the shell). Signing out in
// another tab ends the shared server session and clears the shared storage (a storage event
// with a null key): this tab follows at once instead of on its next request. Only other
// tabs' changes arrive here; this tab's own sign-out paths choose their destination.
window.addEventListener('storage', (event) => {
  if (event.key === null) followSignOutElsewhere();
});

// The page's first access token (memory only), so the player connects and calls can start.
startSession();

// Back online after a request found no connection: the page loads again, whole, so what
// failed (its data, a section) comes back by itself. A page that lost nothing stays as it is.
window.addEventListener('online', () => {
  if ($connectionLost.get()) location.reload();
});

registerServiceWorker();
