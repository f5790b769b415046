// The API client's one seam to the stores side (configureApiClient), on a fresh
// client module that no store has wired: what it asks for and what it hands back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClientWiring } from '../../src/api/client';
import type { ErrorOutcome } from '../../src/api/errors';
import { json, stubFetch } from './helpers/fetch-stub';

/** A provider error envelope: this seam's test needs only the answer's shape, not a sandbox. */
const providerError = (status: number, message: string, reason?: string) =>
  json({ error: { status, message, ...(reason ? { reason } : {}) } }, status);

async function freshClient() {
  vi.resetModules();
  const { useProvider } = await import('./helpers/provider');
  useProvider('http://provider.test');
  return import('../../src/api/client');
}

function fakeWiring(outcomes: ErrorOutcome[], missing: string[] = []): ApiClientWiring {
  const wiring: ApiClientWiring = {
    getSession: () => ({ accessToken: 'T1', refreshToken: null, expiresAt: null }),
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
  };
  return wiring;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client gets the session and the error reactions from the stores side', () => {
  it('holds a call made before the wiring, then sends it with the wired token', async () => {
    const { callApi, configureApiClient } = await freshClient();
    const seen = stubFetch(json({ id: 'a1' }));
    const answer = callApi({ path: 'albums/a1' });
    await Promise.resolve();
    expect(seen).toHaveLength(0);
    configureApiClient(fakeWiring([]));
    expect(await answer).toEqual({ id: 'a1' });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer T1');
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
    const seen = stubFetch(providerError(403, 'Player command failed', 'PREMIUM_REQUIRED'), providerError(404, 'Not found'));
    await expect(callApi({ method: 'PUT', path: 'me/player/play' })).rejects.toMatchObject({ status: 403 });
    await expect(callApi({ path: 'artists/a1/related-artists', capability: 'relatedArtists' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(outcomes).toEqual([{ type: 'premium-prompt' }, { type: 'capability-missing', capability: 'relatedArtists' }]);
    // Learnt through the wiring: API modules see it, and the endpoint is not asked again.
    expect(await isCapabilityUsable('relatedArtists')).toBe(false);
    await expect(callApi({ path: 'artists/a1/related-artists', capability: 'relatedArtists' })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(seen).toHaveLength(2);
  });
});
