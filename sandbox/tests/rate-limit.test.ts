import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxEnv, SandboxEnvError } from '../env';
import { startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
beforeAll(async () => {
  s = await startSandbox({ rateLimit: 3 });
});
afterAll(async () => s.stop());

describe('SANDBOX_RATE_LIMIT', () => {
  it('answers 429 with Retry-After once a token spent its calls of the rolling 30 s window', async () => {
    const token = s.token('guest');
    for (let call = 0; call < 3; call++) expect((await s.get('/v1/me', token)).status).toBe(200);
    const limited = await s.get('/v1/me', token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.json()).toEqual({ error: { status: 429, message: 'API rate limit exceeded' } });
    // Another token has its own window.
    expect((await s.get('/v1/me', s.token('free'))).status).toBe(200);
    s.clock.advance(10_000);
    expect((await s.get('/v1/me', token)).headers.get('retry-after')).toBe('20');
    // The window rolls: once the first calls are 30 s old, the token may call again.
    s.clock.advance(20_001);
    expect((await s.get('/v1/me', token)).status).toBe(200);
  });

  it('is off by default and refuses a bad value at start', async () => {
    expect(readSandboxEnv({}).rateLimit).toBe(0);
    expect(readSandboxEnv({ SANDBOX_RATE_LIMIT: '600' }).rateLimit).toBe(600);
    expect(() => readSandboxEnv({ SANDBOX_RATE_LIMIT: 'lots' })).toThrow(SandboxEnvError);
  });
});

describe('POST /__sandbox/rate-limit (faults on)', () => {
  const setLimit = (body: unknown) =>
    fetch(`${s.url}/__sandbox/rate-limit`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  it('sets the limit and its window at run time, forgetting the calls counted; clearing the faults puts back the start setting', async () => {
    const token = s.token('guest');
    expect((await setLimit({ calls: 1, windowSeconds: 4 })).status).toBe(200);
    expect((await s.get('/v1/me', token)).status).toBe(200);
    const limited = await s.get('/v1/me', token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
    s.clock.advance(4_001);
    expect((await s.get('/v1/me', token)).status).toBe(200);
    // Off: any number of calls.
    expect((await setLimit({ calls: 0 })).status).toBe(200);
    for (let call = 0; call < 5; call++) expect((await s.get('/v1/me', token)).status).toBe(200);
    // Back to SANDBOX_RATE_LIMIT (3 here) and its 30 s window.
    await (await fetch(`${s.url}/__sandbox/faults`, { method: 'DELETE' })).arrayBuffer();
    for (let call = 0; call < 3; call++) expect((await s.get('/v1/me', token)).status).toBe(200);
    expect((await s.get('/v1/me', token)).headers.get('retry-after')).toBe('30');
  });

  it('refuses settings that make no sense', async () => {
    expect((await setLimit({ calls: -1 })).status).toBe(400);
    expect((await setLimit({ calls: 2, windowSeconds: 0 })).status).toBe(400);
    expect((await setLimit({})).status).toBe(400);
  });
});
