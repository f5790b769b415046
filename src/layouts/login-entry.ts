// The /auth page's one script, bundled with src/lib/pkce.ts and inlined at build time
// (src/layouts/login-script.ts): hero and plan buttons ([data-login]) start the
// authorization code flow with PKCE S256 (DESIGN §2); /callback checks the attempt.
import { prepareLogin } from '../lib/pkce';
import { getProviderConfig } from '../lib/provider-config';

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-login]') : null;
  if (!button) return;
  event.preventDefault();
  prepareLogin(getProviderConfig())
    .then((url) => location.assign(url))
    .catch((error: unknown) => console.error('Could not start the login', error));
});
