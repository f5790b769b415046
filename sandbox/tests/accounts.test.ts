import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './harness';
import { ALL_SCOPES, authorizeCode, REDIRECT_URI, tokenRequest } from './oauth';

let s: RunningSandbox;
beforeAll(async () => {
  s = await startSandbox({ tokenTtl: 3600 });
});
afterAll(async () => s.stop());

const exchange = (code: string, verifier: string, redirect = REDIRECT_URI) =>
  tokenRequest(s.url, { grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: 'my-music', code_verifier: verifier });
const refresh = (token: string) => tokenRequest(s.url, { grant_type: 'refresh_token', refresh_token: token, client_id: 'my-music' });

describe('authorization code with PKCE', () => {
  it('redirects with code and state, and accepts the right verifier once', async () => {
    const { code, state, verifier, status } = await authorizeCode(s.url, ALL_SCOPES);
    expect(status).toBe(302);
    expect(state).toBe('xyz-state');
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: ALL_SCOPES.join(' ') });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const me = await s.get('/v1/me', body.access_token);
    expect((await me.json()).id).toBe('guest');
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes every token issued from a replayed code, rotated ones included (RFC 6749 §4.1.2)', async () => {
    const { code, verifier } = await authorizeCode(s.url, ALL_SCOPES);
    const first = await (await exchange(code, verifier)).json();
    const rotated = await (await refresh(first.refresh_token)).json();
    const other = await s.signIn(); // another grant of the same user is not touched
    expect((await s.get('/v1/me', rotated.access_token)).status).toBe(200);

    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await s.get('/v1/me', first.access_token)).status).toBe(401);
    expect((await s.get('/v1/me', rotated.access_token)).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    expect((await s.get('/v1/me', other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('refuses a wrong verifier and a wrong redirect URI', async () => {
    const one = await authorizeCode(s.url, ALL_SCOPES);
    const wrong = await exchange(one.code, 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' });
    const two = await authorizeCode(s.url, ALL_SCOPES);
    const elsewhere = await exchange(two.code, two.verifier, 'http://127.0.0.1:5000/callback');
    expect(elsewhere.status).toBe(400);
  });

  it('refuses a code after ten minutes', async () => {
    const { code, verifier } = await authorizeCode(s.url, ALL_SCOPES);
    s.clock.advance(10 * 60_000 + 1);
    const late = await exchange(code, verifier);
    expect(late.status).toBe(400);
    expect((await late.json()).error_description).toBe('Authorization code expired');
  });

  it('signs in seeded accounts by email and password, refusing a wrong password', async () => {
    const free = await s.signIn({ email: 'free@mymusic.test', password: 'free' });
    const me = await (await s.get('/v1/me', free.access_token)).json();
    expect(me).toMatchObject({ id: 'free', product: 'free', email: 'free@mymusic.test' });
    const guest = await (await s.get('/v1/me', (await s.signIn()).access_token)).json();
    expect(guest.product).toBe('premium');
    await expect(s.signIn({ email: 'free@mymusic.test', password: 'nope' })).rejects.toThrow();
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old refresh token does not', async () => {
    const tokens = await s.signIn();
    const next = await refresh(tokens.refresh_token);
    expect(next.status).toBe(200);
    const body = await next.json();
    expect(body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await s.get('/v1/me', body.access_token)).status).toBe(200);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_grant');
    expect((await refresh(body.refresh_token)).status).toBe(200);
  });

  it('die six months after consent, however often they rotated', async () => {
    let token = (await s.signIn()).refresh_token;
    for (let month = 0; month < 5; month++) {
      s.clock.advance(31 * 86_400_000);
      const answer = await refresh(token);
      expect(answer.status).toBe(200);
      token = (await answer.json()).refresh_token;
    }
    s.clock.advance(31 * 86_400_000);
    const dead = await refresh(token);
    expect(dead.status).toBe(400);
    expect(await dead.json()).toEqual({ error: 'invalid_grant', error_description: 'Refresh token revoked' });
  });

  it('refuses unknown grants and non-form bodies', async () => {
    expect((await tokenRequest(s.url, { grant_type: 'client_credentials' })).status).toBe(400);
    const json = await fetch(`${s.url}/api/token`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(json.status).toBe(400);
  });
});

describe('access tokens', () => {
  it('expire after the TTL with the provider message', async () => {
    const { access_token } = await s.signIn();
    expect((await s.get('/v1/me', access_token)).status).toBe(200);
    s.clock.advance(3600 * 1000);
    const expired = await s.get('/v1/me', access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
  });

  it('are required and checked', async () => {
    expect((await s.get('/v1/me')).status).toBe(401);
    const unknown = await s.get('/v1/me', 'not-a-token');
    expect(await unknown.json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
  });

  it('carry only the scopes granted: a missing scope is a 403', async () => {
    const { access_token } = await s.signIn({ scopes: ['user-read-private'] });
    expect((await s.get('/v1/me', access_token)).status).toBe(200);
    for (const path of ['/v1/me/tracks', '/v1/me/top/artists', '/v1/me/player/recently-played', '/v1/me/following?type=artist']) {
      const answer = await s.get(path, access_token);
      expect(answer.status, path).toBe(403);
      expect((await answer.json()).error.message).toBe('Insufficient client scope');
    }
    expect((await s.send('PUT', '/v1/me/albums?ids=0000000000000000000000', access_token)).status).toBe(403);
    const me = await (await s.get('/v1/me', access_token)).json();
    expect(me.email).toBeUndefined();
  });
});

describe('the sign-in page', () => {
  const base = { client_id: 'my-music', response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'streaming', state: 's', code_challenge_method: 'S256', code_challenge: 'a'.repeat(43) };
  const open = (overrides: Record<string, string | null>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...base, ...overrides })) if (v !== null) params.set(k, v);
    return fetch(`${s.url}/authorize?${params}`, { redirect: 'manual' });
  };

  it('offers the guest, the email form and Deny, without scripts', async () => {
    const page = await open({});
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Continue as guest');
    expect(html).toContain('<label for="email">');
    expect(html).toContain('Deny');
    expect(html).not.toContain('<script');
  });

  it.each([
    [{ client_id: 'someone-else' }, 'INVALID_CLIENT: Invalid client'],
    [{ client_id: null }, 'INVALID_CLIENT: Missing client_id'],
    [{ redirect_uri: 'https://evil.example/callback' }, 'INVALID_CLIENT: Invalid redirect URI'],
    [{ redirect_uri: 'http://localhost:4321/callback' }, 'INVALID_CLIENT: Invalid redirect URI'],
    [{ response_type: 'id_token' }, 'unsupported_response_type'],
    [{ scope: 'streaming delete-everything' }, 'INVALID_SCOPE'],
    [{ code_challenge: null }, 'code_challenge is required'],
    [{ code_challenge_method: 'plain' }, 'must be S256'],
    [{ code_challenge: 'short' }, '43 base64url'],
    [{ state: 'x'.repeat(600) }, 'state is too long'],
  ])('shows a bad request on the page, never redirecting: %j', async (overrides, message) => {
    const page = await open(overrides);
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain(message);
  });

  it('the plans page lists the three plans', async () => {
    const page = await fetch(`${s.url}/premium`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ['Free', '$0', 'Premium', '$9.99', 'Family', '$14.99', 'up to 6 accounts']) expect(html).toContain(text);
  });

  it('Deny goes back with error=access_denied and the state', async () => {
    const form = new URLSearchParams({ ...base, action: 'deny' });
    const answer = await fetch(`${s.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${REDIRECT_URI}?error=access_denied&state=s`);
  });

  it('the implicit flow puts the token in the fragment', async () => {
    const form = new URLSearchParams({ client_id: 'my-music', response_type: 'token', redirect_uri: REDIRECT_URI, scope: 'user-read-private', state: 'st', action: 'guest' });
    const answer = await fetch(`${s.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith(`${REDIRECT_URI}#access_token=`)).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('state')).toBe('st');
    expect(fragment.get('token_type')).toBe('Bearer');
    expect((await s.get('/v1/me', fragment.get('access_token')!)).status).toBe(200);
  });
});

describe('a confidential client (SANDBOX_CLIENT_SECRET)', () => {
  let secretSandbox: RunningSandbox;
  beforeAll(async () => {
    secretSandbox = await startSandbox({ clientSecret: 'the-secret' });
  });
  afterAll(async () => secretSandbox.stop());

  const exchangeWith = (code: string, verifier: string, authorization?: string) =>
    fetch(`${secretSandbox.url}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: 'my-music', code_verifier: verifier }),
    });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('refuses the token URL without the client secret, or with a wrong one, and accepts the right one', async () => {
    const missing = await authorizeCode(secretSandbox.url, ALL_SCOPES);
    const withoutSecret = await exchangeWith(missing.code, missing.verifier);
    expect(withoutSecret.status).toBe(401);
    expect(await withoutSecret.json()).toMatchObject({ error: 'invalid_client' });

    const wrong = await authorizeCode(secretSandbox.url, ALL_SCOPES);
    expect((await exchangeWith(wrong.code, wrong.verifier, basic('my-music', 'not-it'))).status).toBe(401);

    const right = await authorizeCode(secretSandbox.url, ALL_SCOPES);
    const answer = await exchangeWith(right.code, right.verifier, basic('my-music', 'the-secret'));
    expect(answer.status).toBe(200);
    expect((await answer.json()).access_token).toMatch(/^[\w-]{40,}$/);
  });
});
