// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The API client's one seam to the stores side (configureApiClient), on a fresh client module
// that no store has wired, against a real sandbox: what it asks for and what it hands back.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClientWiring } from '../../src/api/client';
import type { ErrorOutcome } from '../../src/api/errors';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { addFault, startSandbox, type RunningSandbox } from './helpers/sandbox';

let running: RunningSandbox;

beforeAll(async () => {
  running = await startSandbox();
}, 120_000);

afterAll(() => running?.stop());

afterEach(() => clearFaults(running.url));

async function freshClient() {
  vi.resetModules();
  const { useProvider } = await import('./helpers/provider');
  useProvider(running.url);
  return import('../../src/api/client');
}

function fakeWiring(outcomes: ErrorOutcome[], missing: string[] = []): ApiClientWiring {
  const session = { accessToken: running.token('guest'), expiresAt: null, renewAt: null };
  const wiring: ApiClientWiring = {
    getSession: () => session,
    needsToken: () => false,
    refreshSession: async () => 'refused',
    capabilities: {
      isUsable: (capability) => !missing.includes(capability),
      hasAnswered: () => false,
      markAvailable: () => undefined,
      markMissing: (capability) => void missing.push(capability),
    },
    onOutcome: (outcome) => {
      outcomes.push(outcome);
      if (outcome.type === 'capability-missing') wiring.capabilities.markMissing(outcome.capability);
    },
    cancelsByName: true,
  };
  return wiring;
}

describe('the API client gets the session and the error reactions from the stores side', () => {
  it('holds a call made before the wiring, then sends it with the wired token', async () => {
    const { callApi, configureApiClient } = await freshClient();
    // A fault without a status only counts the requests that reach /v1/me.
    await addFault(running.url, { match: { path: '^/v1/me$' } });
    const answer = callApi<{ id: string }>({ path: 'me' });
    await Promise.resolve();
    expect(await faultHits(running.url)).toEqual([0]);
    configureApiClient(fakeWiring([]));
    // The sandbox answers the guest's profile only to the guest's token.
    expect((await answer).id).toBe('guest');
    expect(await faultHits(running.url)).toEqual([1]);
  });

  it('answers whether a capability is usable only once wired: a load before the wiring does not ask a call learnt missing', async () => {
    const { configureApiClient, isCapabilityUsable } = await freshClient();
    const answer = isCapabilityUsable('largeSearchPages');
    configureApiClient(fakeWiring([], ['largeSearchPages']));
    expect(await answer).toBe(false);
    expect(await isCapabilityUsable('relatedArtists')).toBe(true);
  });

  it("hands the mapper's decision to the wiring and learns missing capabilities through it", async () => {
    const { callApi, configureApiClient, isCapabilityUsable } = await freshClient();
    const outcomes: ErrorOutcome[] = [];
    configureApiClient(fakeWiring(outcomes));
    await addFault(running.url, [
      { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 403, body: { error: { status: 403, message: 'Player command failed', reason: 'PREMIUM_REQUIRED' } } },
      { match: { path: '/related-artists$' }, status: 404 },
    ]);
    await expect(callApi({ method: 'PUT', path: 'me/player/play' })).rejects.toMatchObject({ status: 403 });
    await expect(callApi({ path: 'artists/a1/related-artists', capability: 'relatedArtists' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(outcomes).toEqual([{ type: 'premium-prompt' }, { type: 'capability-missing', capability: 'relatedArtists' }]);
    // Learnt through the wiring: API modules see it, and the endpoint is not asked again.
    expect(await isCapabilityUsable('relatedArtists')).toBe(false);
    await expect(callApi({ path: 'artists/a1/related-artists', capability: 'relatedArtists' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await faultHits(running.url)).toEqual([1, 1]);
  });

  it('sends no call without a token: a renewal that could not reach the site is a connection problem, a refused one ends the session', async () => {
    const { callApi, configureApiClient } = await freshClient();
    const outcomes: ErrorOutcome[] = [];
    const wiring = fakeWiring(outcomes);
    let renewal: 'unreachable' | 'refused' = 'unreachable';
    configureApiClient({ ...wiring, getSession: () => null, needsToken: () => true, refreshSession: async () => renewal });
    await addFault(running.url, { match: { path: '^/v1/me/player/recently-played' } });
    await expect(callApi({ path: 'me/player/recently-played?limit=1' })).rejects.toMatchObject({ kind: 'network' });
    renewal = 'refused';
    await expect(callApi({ path: 'me/player/recently-played?limit=1' })).rejects.toMatchObject({ status: 401 });
    expect(outcomes).toEqual([{ type: 'toast', message: 'Internet Connection Problem' }, { type: 'expire-session' }]);
    // Neither went out unsigned.
    expect(await faultHits(running.url)).toEqual([0]);
  });
});
