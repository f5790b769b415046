import { describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  createCodeChallenge,
  createCodeVerifier,
  createState,
} from '../../src/lib/pkce';
import { useProvider } from './helpers/provider';

describe('pkce', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes verifiers of unreserved characters, different each time', () => {
    const first = createCodeVerifier();
    expect(first).toMatch(/^[A-Za-z0-9\-._~]{64}$/);
    expect(createCodeVerifier()).not.toBe(first);
    expect(createState()).not.toBe(createState());
  });

  it('builds the authorize URL with code, S256, state and the space-joined scopes', () => {
    const config = useProvider('http://127.0.0.1:9');
    const url = new URL(buildAuthorizeUrl(config, 'challenge', 'state-1'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'my-music',
      redirect_uri: 'http://127.0.0.1:4331/callback',
      scope: 'user-read-email streaming',
      code_challenge_method: 'S256',
      code_challenge: 'challenge',
      state: 'state-1',
    });
  });
});
