import { Window } from 'happy-dom';
import { afterAll, beforeAll, vi } from 'vitest';
import type { ApiProfile } from '../../../sandbox/env';
import { startSandbox as startTestSandbox, type RunningSandbox as TestSandbox } from '../../../sandbox/tests/harness';
import { signIn, submitSignIn } from '../../../sandbox/tests/oauth';
import type { TokenSet } from '../../../src/api/auth';
import type { AccessGrant } from '../../../src/api/site-session';
import { pageSite } from './site-session';

/**
 * The client's tests use the sandbox's one test harness (sandbox/tests/harness.ts);
 * this file only adds what a client needs on top: browser storage in Node and a signed-in
 * session, with the page's token where the site would hand it over.
 */

export { addFault } from '../../../sandbox/tests/harness';

/** The harness's running sandbox; `base` is its `url`, the name the client's tests were written with. */
export type RunningSandbox = TestSandbox & { base: string };

/** A real sandbox provider (the one harness) in the given API profile; `dataDir` starts it on a kept data directory. */
export async function startSandbox(apiProfile: ApiProfile = 'extended', dataDir?: string): Promise<RunningSandbox> {
  const running = await startTestSandbox({ apiProfile, dataDir });
  return Object.assign(running, { base: running.url });
}

/**
 * A sandbox restart: stops it keeping its data, starts it again on the same data
 * directory in the same profile (on a new port, picked by the system) and points the
 * client's provider configuration at it. The client's session is kept.
 */
export async function restartSandbox(running: RunningSandbox): Promise<RunningSandbox> {
  await running.stop({ keepData: true });
  const restarted = await startSandbox(running.sandbox.config.apiProfile, running.dataDir);
  await pointClientAt(restarted.base);
  return restarted;
}

// The client's provider configuration for a sandbox at this base URL, with the scopes the login asks.
async function pointClientAt(base: string) {
  const { LOGIN_SCOPES } = await import('../../../src/config/provider');
  const { useProvider } = await import('./provider');
  return useProvider(base, { scopes: LOGIN_SCOPES });
}

/** Signs in as the guest through the sandbox's real sign-in form; resolves to the /callback URL it redirects to. */
export async function signInAsGuest(authorizeUrl: string): Promise<string> {
  const { status, location } = await submitSignIn(authorizeUrl);
  if (!location) throw new Error(`The sign-in page answered ${status} without a redirect`);
  return location;
}

/** In the node environment: the browser's localStorage and sessionStorage, from happy-dom's implementation. */
export function useBrowserStorage(): void {
  const window = new Window();
  vi.stubGlobal('localStorage', window.localStorage);
  vi.stubGlobal('sessionStorage', window.sessionStorage);
}

/**
 * Signs in as the guest (or with fewer scopes) against a running sandbox: the code flow spoken
 * from Node (sandbox/tests/oauth.ts; the site's server makes the same exchange), its answer
 * turned into the session's tokens by the site's own rule (src/api/auth.ts toTokenSet). With a
 * site started (helpers/site-session.ts) the tokens go into its server session as /callback
 * leaves them, and the page asks it for its first token as a page load does (the store's
 * refreshSession, POST /session/token); without one the page is handed what that route hands
 * it. Either way the page never holds the refresh token. Resolves to the whole token set.
 */
export async function signInToSandbox(base: string, scopes?: string[]): Promise<TokenSet> {
  const { LOGIN_SCOPES } = await import('../../../src/config/provider');
  const { toTokenSet } = await import('../../../src/api/auth');
  const { $session, refreshSession } = await import('../../../src/stores/session');
  await pointClientAt(base);
  const tokens = toTokenSet(await signIn(base, scopes ?? LOGIN_SCOPES));
  const site = pageSite();
  if (site) {
    await site.signIn(tokens);
    $session.set(null); // a new page starts without a token
    const outcome = await refreshSession();
    if (outcome !== 'refreshed') throw new Error(`The site answered the first token with ${outcome}`);
  } else {
    $session.set(grantOf(tokens));
  }
  return tokens;
}

/** What the page holds of a token set: the access token and its times, never the refresh token. */
export function grantOf({ accessToken, expiresAt, renewAt }: TokenSet): AccessGrant {
  return { accessToken, expiresAt, renewAt };
}

/**
 * The usual start of a client test: browser storage, recorded navigation (returned), a
 * fresh API client, a sandbox in the given profile and the guest signed in through it.
 */
export async function startSignedIn(apiProfile: ApiProfile = 'extended'): Promise<{ running: RunningSandbox; visits: { path: string; replace: boolean }[] }> {
  useBrowserStorage();
  const { recordNavigation } = await import('./provider');
  const { resetClient } = await import('../../../src/api/client');
  const visits = recordNavigation();
  resetClient();
  const running = await startSandbox(apiProfile);
  await signInToSandbox(running.base);
  return { running, visits };
}

/**
 * A sandbox the site's server code talks to (`SANDBOX_URL`, put back after), for the tests of the
 * describe block that calls it: started before them, stopped after. The server's client is wired
 * once per module set, with the provider's address as it then is, so the modules load afresh.
 * Returns how the block's tests reach the sandbox.
 */
export function useServerSandbox(apiProfile: ApiProfile = 'extended'): () => RunningSandbox {
  let running: RunningSandbox | undefined;
  const saved = process.env.SANDBOX_URL;
  beforeAll(async () => {
    running = await startSandbox(apiProfile);
    process.env.SANDBOX_URL = running.url;
    vi.resetModules();
  }, 120_000);
  afterAll(() => {
    if (saved === undefined) delete process.env.SANDBOX_URL;
    else process.env.SANDBOX_URL = saved;
    return running?.stop();
  });
  return () => running!;
}
