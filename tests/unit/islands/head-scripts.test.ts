import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_REDIRECT_SCRIPT, SIGNED_OUT_GUARD_SCRIPT, THEME_SCRIPT } from '../../../src/layouts/head-scripts';
import { buildLoginScript } from '../../../src/layouts/login-script';
import { createCodeChallenge } from '../../../src/lib/pkce';

// The inline scripts run as the browser runs them: as text, in the page's window.
function run(script: string): void {
  new Function(script)();
}

let replace: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.style.visibility = '';
  replace = vi.fn();
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace, assign } as unknown as Location);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the theme script (before first paint)', () => {
  it('applies dark by default and the stored light theme otherwise', () => {
    run(THEME_SCRIPT);
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    run(THEME_SCRIPT);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('puts the theme on the incoming page of a client-router swap', () => {
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    run(THEME_SCRIPT);
    const newDocument = document.implementation.createHTMLDocument('next');
    const event = Object.assign(new Event('astro:before-swap'), { newDocument });
    document.dispatchEvent(event);
    expect(newDocument.documentElement.getAttribute('data-theme')).toBe('light');
  });
});

describe('the signed-out guard of app pages', () => {
  it('sends a visitor without a token to /auth, replacing history, before showing anything', () => {
    run(SIGNED_OUT_GUARD_SCRIPT);
    expect(replace).toHaveBeenCalledWith('/auth');
    expect(document.documentElement.style.visibility).toBe('hidden');
  });

  it('lets a signed-in user stay', () => {
    localStorage.setItem('ACCESS_TOKEN', '"abc"');
    run(SIGNED_OUT_GUARD_SCRIPT);
    expect(replace).not.toHaveBeenCalled();
  });

  it('treats an empty token as signed out', () => {
    localStorage.setItem('ACCESS_TOKEN', '""');
    run(SIGNED_OUT_GUARD_SCRIPT);
    expect(replace).toHaveBeenCalledWith('/auth');
  });
});

describe('the signed-in redirect of /auth and /access_denied', () => {
  it('sends a signed-in user to /', () => {
    localStorage.setItem('ACCESS_TOKEN', '"abc"');
    run(SIGNED_IN_REDIRECT_SCRIPT);
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('leaves a visitor on the page', () => {
    run(SIGNED_IN_REDIRECT_SCRIPT);
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('the landing page login script (src/lib/pkce.ts, bundled as the build bundles it)', () => {
  let LOGIN_SCRIPT = '';
  let inputs: string[] = [];
  beforeAll(async () => {
    ({ code: LOGIN_SCRIPT, inputs } = await buildLoginScript());
  });

  it('is under 2 KB, and built from the one PKCE module', () => {
    expect(new TextEncoder().encode(LOGIN_SCRIPT).length).toBeLessThan(2048);
    expect(inputs.some((input) => input.endsWith('src/lib/pkce.ts'))).toBe(true);
  });

  it('stores verifier and state and goes to the authorize URL with the S256 challenge', async () => {
    document.body.innerHTML = `
      <script type="application/json" id="provider-config">${JSON.stringify({
        authorizeUrl: 'http://127.0.0.1:4332/authorize',
        clientId: 'my-music',
        redirectUri: 'http://127.0.0.1:4331/callback',
        scopes: ['streaming', 'user-read-email'],
      })}</script>
      <button data-login><span>Get Started Free</span></button>`;
    run(LOGIN_SCRIPT);
    document.querySelector('span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));

    const url = new URL(assign.mock.calls[0]?.[0] as string);
    const verifier = JSON.parse(sessionStorage.getItem('PKCE_VERIFIER') ?? 'null') as string;
    const state = JSON.parse(sessionStorage.getItem('PKCE_STATE') ?? 'null') as string;
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4332/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'my-music',
      redirect_uri: 'http://127.0.0.1:4331/callback',
      scope: 'streaming user-read-email',
      state,
      code_challenge_method: 'S256',
      code_challenge: await createCodeChallenge(verifier),
    });
  });
});
