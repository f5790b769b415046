import type { MiddlewareHandler } from 'hono';
import type { UserRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import type { SandboxDb } from '../db';
import { apiError } from '../http/errors';

interface AccessTokenRow {
  token: string;
  user_id: string;
  client_id: string;
  scope: string;
  expires_at: number;
}

/**
 * Makes `requireAuth(scope?)`: checks the bearer token on every /v1 call as the provider
 * does (401 missing, unknown or expired; 403 when a needed scope was not granted) and
 * puts the user and token on the context.
 */
export function createRequireAuth(db: SandboxDb, now: () => number) {
  const findToken = db.prepare('SELECT * FROM access_tokens WHERE token = ?');
  const findUser = db.prepare('SELECT * FROM users WHERE id = ?');
  return (scope?: string | string[]): MiddlewareHandler<SandboxEnv> => {
    const needed = scope === undefined ? [] : Array.isArray(scope) ? scope : [scope];
    return async (c, next) => {
      const header = c.req.header('authorization') ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!header) return apiError(c, 401, 'No token provided');
      if (!match) return apiError(c, 400, 'Only valid bearer authentication supported');
      const row = findToken.get(match[1]) as AccessTokenRow | undefined;
      if (!row) return apiError(c, 401, 'Invalid access token');
      if (row.expires_at <= now()) return apiError(c, 401, 'The access token expired');
      const scopes = new Set(row.scope.split(' ').filter(Boolean));
      if (needed.some((s) => !scopes.has(s))) return apiError(c, 403, 'Insufficient client scope');
      const user = findUser.get(row.user_id) as UserRow | undefined;
      if (!user) return apiError(c, 401, 'Invalid access token');
      c.set('user', user);
      c.set('token', { token: row.token, userId: row.user_id, clientId: row.client_id, scopes, expiresAt: row.expires_at });
      await next();
    };
  };
}
