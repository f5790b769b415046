import type { Context, Hono } from 'hono';
import type { UserRow } from '../catalogue/rows';
import type { SandboxContext, SandboxEnv } from '../context';
import { checkAuthorizeRequest, type AuthorizeRequest } from './oauth-params';
import { badRequestPage, premiumPage, signInPage } from './sign-in-page';
import { createTokenStore, GrantError } from './tokens';

/** GET/POST /authorize (the sign-in page and its answer), POST /api/token, and the plans page GET /premium. */
export function registerAccounts(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const tokens = createTokenStore(ctx.db, ctx.now, ctx.config.tokenTtl);
  const findByEmail = ctx.db.prepare('SELECT * FROM users WHERE lower(email) = lower(?)');
  const findById = ctx.db.prepare('SELECT * FROM users WHERE id = ?');
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/premium', (c) => c.html(premiumPage()));

  app.get('/authorize', (c) => {
    const request = checkAuthorizeRequest((name) => c.req.query(name));
    if ('error' in request) return c.html(badRequestPage(request.error), 400, noStore);
    return c.html(signInPage(request), 200, noStore);
  });

  app.post('/authorize', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const request = checkAuthorizeRequest(field);
    if ('error' in request) return c.html(badRequestPage(request.error), 400, noStore);
    const action = field('action');
    if (action === 'deny') return redirect(c, request, { error: 'access_denied' });
    let user: UserRow | undefined;
    if (action === 'guest') user = findById.get('guest') as UserRow | undefined;
    else if (action === 'login') {
      const email = field('email') ?? '';
      const found = findByEmail.get(email) as UserRow | undefined;
      if (!found || found.password === null || found.password !== (field('password') ?? '')) {
        return c.html(signInPage(request, 'Incorrect email address or password.', email), 401, noStore);
      }
      user = found;
    } else {
      return c.html(signInPage(request, 'Choose Continue as guest, Log in or Deny.'), 400, noStore);
    }
    if (!user) return c.html(badRequestPage('The guest account is missing from this sandbox.'), 500, noStore);
    if (request.responseType === 'token') {
      const issued = tokens.issueAccess(user.id, request.clientId, request.scope);
      return redirect(c, request, {
        access_token: issued.access_token,
        token_type: issued.token_type,
        expires_in: String(issued.expires_in),
      });
    }
    const code = tokens.createCode(user.id, request.clientId, request.redirectUri, request.scope, request.codeChallenge!);
    return redirect(c, request, { code });
  });

  app.post('/api/token', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return grantError(c, new GrantError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));
    }
    const form = new URLSearchParams(await c.req.text());
    const basic = basicCredentials(c.req.header('authorization'));
    const clientId = form.get('client_id') ?? basic?.id ?? '';
    try {
      if (ctx.config.clientSecret !== null && (basic?.id !== clientId || basic.secret !== ctx.config.clientSecret)) {
        return c.json({ error: 'invalid_client', error_description: 'Invalid client secret' }, 401, noStore);
      }
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const code = form.get('code');
        const redirectUri = form.get('redirect_uri');
        const verifier = form.get('code_verifier');
        if (!code || !redirectUri) throw new GrantError('invalid_request', 'code and redirect_uri are required');
        if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new GrantError('invalid_request', 'code_verifier must be 43 to 128 characters');
        return c.json(tokens.exchangeCode(code, clientId, redirectUri, verifier), 200, noStore);
      }
      if (grant === 'refresh_token') {
        const refresh = form.get('refresh_token');
        if (!refresh) throw new GrantError('invalid_request', 'refresh_token must be supplied');
        return c.json(tokens.refresh(refresh, clientId), 200, noStore);
      }
      throw new GrantError('unsupported_grant_type', `grant_type must be authorization_code or refresh_token`);
    } catch (error) {
      if (error instanceof GrantError) return grantError(c, error);
      throw error;
    }
  });
}

/** The client id and secret of an `Authorization: Basic` header, as the provider's docs send them (not form-encoded), or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { id: text.slice(0, colon), secret: text.slice(colon + 1) };
}

function grantError(c: Context, error: GrantError): Response {
  return c.json({ error: error.error, error_description: error.description }, 400, { 'Cache-Control': 'no-store' });
}

/** Back to the app: query string for the code flow, fragment for the implicit (token) flow, as the provider does. */
function redirect(c: Context, request: AuthorizeRequest, values: Record<string, string>): Response {
  const params = new URLSearchParams(values);
  if (request.state !== null) params.set('state', request.state);
  const separator = request.responseType === 'token' ? '#' : '?';
  return c.redirect(`${request.redirectUri}${separator}${params.toString()}`, 302);
}
