import { Window } from 'happy-dom';
import { vi } from 'vitest';
import type { ApiProfile } from '../../../sandbox/env';
import { startSandbox as startTestSandbox, type RunningSandbox as TestSandbox } from '../../../sandbox/tests/harness';
import { submitSignIn } from '../../../sandbox/tests/oauth';

/**
 * The client's tests use the sandbox's one test harness (sandbox/tests/harness.ts);
 * this file only adds what a client needs on top: browser storage in Node and the
 * client's own PKCE sign-in.
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

/** Signs in as the guest through the client's own PKCE login against a running sandbox. */
export async function signInToSandbox(base: string): Promise<void> {
  const { prepareLogin } = await import('../../../src/lib/pkce');
  const { completeLogin } = await import('../../../src/stores/login-callback');
  const config = await pointClientAt(base);
  const destination = await completeLogin(await signInAsGuest(await prepareLogin(config)));
  if (destination !== '/') throw new Error(`Sign-in ended on ${destination}`);
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
