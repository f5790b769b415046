import { FREE_EMAIL, GUEST_EMAIL } from '../catalogue/people';
import type { AuthorizeRequest } from './oauth-params';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `body{font-family:system-ui,sans-serif;background:#121212;color:#f5f5f5;margin:0;display:grid;place-items:center;min-height:100vh}
main{box-sizing:border-box;width:min(92vw,380px);padding:28px;background:#1e1e2a;border-radius:12px}h1{font-size:1.5rem;margin:0 0 8px}
p{color:#c8c8d0}form{margin:16px 0}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:6px;border:1px solid #888;background:#fff;color:#111;font-size:1rem}
button{width:100%;padding:12px;border-radius:999px;border:0;font-size:1rem;font-weight:600;cursor:pointer;margin-top:12px}
.primary{background:#1ed760;color:#000}.secondary{background:#f5f5f5;color:#000}.deny{background:transparent;color:#f5f5f5;border:1px solid #f5f5f5}
button:focus-visible,input:focus-visible{outline:3px solid #9759a8;outline-offset:2px}.error{background:#5c1d24;color:#fff;padding:12px;border-radius:6px}.hint{font-size:.875rem}
hr{border:0;border-top:1px solid #444;margin:20px 0}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function hidden(request: AuthorizeRequest): string {
  const fields: [string, string | null][] = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', request.responseType],
    ['scope', request.scope],
    ['state', request.state],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', request.codeChallenge ? 'S256' : null],
  ];
  return fields
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value!)}">`)
    .join('');
}

/** The sign-in page: guest button, email and password of a seeded account, and Deny. Works without JavaScript. */
export function signInPage(request: AuthorizeRequest, problem?: string, email = ''): string {
  const fields = hidden(request);
  const scopes = request.scope ? request.scope.split(' ').length : 0;
  return layout(
    'Sign in - Sandbox music provider',
    `<h1>Sign in to the sandbox</h1>
<p><strong>My Music</strong> asks to use your account (${scopes} permission${scopes === 1 ? '' : 's'}).</p>
${problem ? `<p class="error" role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/authorize">${fields}<button class="primary" type="submit" name="action" value="guest">Continue as guest</button></form>
<hr>
<form method="post" action="/authorize">${fields}
<label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escape(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="secondary" type="submit" name="action" value="login">Log in</button>
<p class="hint">Sandbox accounts: ${GUEST_EMAIL} (password guest, Premium) and ${FREE_EMAIL} (password free).</p></form>
<form method="post" action="/authorize">${fields}<button class="deny" type="submit" name="action" value="deny">Deny</button></form>`,
  );
}

/** A request that cannot be answered by redirecting: shown here, with what was wrong. */
export function badRequestPage(message: string): string {
  return layout(
    'Bad request - Sandbox music provider',
    `<h1>Something went wrong</h1><p class="error" role="alert">${escape(message)}</p>
<p>The app that sent you here made a request the sandbox cannot accept. Nothing was shared with it.</p>`,
  );
}

const PLANS: [string, string, string][] = [
  ['Free', '$0', 'forever. Shuffle play, with ads.'],
  ['Premium', '$9.99', 'per month. Ad-free listening, high-quality audio, play any song.'],
  ['Family', '$14.99', 'per month. Premium for up to 6 accounts.'],
];

/** GET /premium: the provider's plans page, which the client's 'Explore Premium' link opens in a new tab. */
export function premiumPage(): string {
  const plans = PLANS.map(([name, price, text]) => `<li><h2>${name}</h2><p><strong>${price}</strong> ${escape(text)}</p></li>`).join('');
  return layout(
    'Premium plans - Sandbox music provider',
    `<h1>Get Premium</h1><p>Plans of the sandbox provider. Nothing is charged here: the guest account already has Premium.</p>
<ul style="list-style:none;padding:0">${plans}</ul>`,
  );
}
