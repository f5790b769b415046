import { createHash, randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db';

/** Authorization codes live ten minutes and work once. */
export const CODE_TTL_MS = 10 * 60_000;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

interface CodeRow {
  code: string;
  client_id: string;
  redirect_uri: string;
  user_id: string;
  scope: string;
  code_challenge: string;
  expires_at: number;
  used: number;
  consent_at: number;
}

interface RefreshRow {
  token: string;
  user_id: string;
  client_id: string;
  scope: string;
  consent_at: number;
  revoked: number;
  grant_code: string | null;
}

export class GrantError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

const opaque = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Since July 2026 a refresh token dies six months after the user consented. */
export function refreshDeadline(consentAt: number): number {
  const date = new Date(consentAt);
  date.setUTCMonth(date.getUTCMonth() + 6);
  return date.getTime();
}

/** Codes and tokens in SQLite, so a signed-in browser stays signed in across a sandbox restart. */
export function createTokenStore(db: SandboxDb, now: () => number, ttlSeconds: number) {
  const q = {
    insertCode: db.prepare('INSERT INTO auth_codes (code, client_id, redirect_uri, user_id, scope, code_challenge, expires_at, consent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    findCode: db.prepare('SELECT * FROM auth_codes WHERE code = ?'),
    useCode: db.prepare('UPDATE auth_codes SET used = 1 WHERE code = ?'),
    insertAccess: db.prepare('INSERT INTO access_tokens (token, user_id, client_id, scope, expires_at, grant_code) VALUES (?, ?, ?, ?, ?, ?)'),
    insertRefresh: db.prepare('INSERT INTO refresh_tokens (token, user_id, client_id, scope, consent_at, grant_code) VALUES (?, ?, ?, ?, ?, ?)'),
    findRefresh: db.prepare('SELECT * FROM refresh_tokens WHERE token = ?'),
    revokeRefresh: db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE token = ?'),
    revokeGrantAccess: db.prepare('DELETE FROM access_tokens WHERE grant_code = ?'),
    revokeGrantRefresh: db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE grant_code = ?'),
    forgetExpired: db.prepare('DELETE FROM access_tokens WHERE expires_at < ?'),
  };

  /** `grant` is the authorization code the token descends from (none for the implicit grant). */
  function issueAccess(userId: string, clientId: string, scope: string, grant: string | null = null): TokenResponse {
    q.forgetExpired.run(now() - 86_400_000);
    const token = opaque(48);
    q.insertAccess.run(token, userId, clientId, scope, now() + ttlSeconds * 1000, grant);
    return { access_token: token, token_type: 'Bearer', expires_in: ttlSeconds, scope };
  }
  function issuePair(userId: string, clientId: string, scope: string, consentAt: number, grant: string | null): TokenResponse {
    const refresh = opaque(48);
    q.insertRefresh.run(refresh, userId, clientId, scope, consentAt, grant);
    return { ...issueAccess(userId, clientId, scope, grant), refresh_token: refresh };
  }
  // RFC 6749 §4.1.2: a code used twice may have been stolen, so every token issued from
  // it (and from its rotations) stops working, the legitimate holder's included.
  const revokeGrant = db.transaction((code: string) => {
    q.revokeGrantAccess.run(code);
    q.revokeGrantRefresh.run(code);
  });

  return {
    issueAccess,
    createCode(userId: string, clientId: string, redirectUri: string, scope: string, challenge: string): string {
      const code = opaque(48);
      q.insertCode.run(code, clientId, redirectUri, userId, scope, challenge, now() + CODE_TTL_MS, now());
      return code;
    },
    /** authorization_code grant: the code must be unused, unexpired, for this client and redirect URI, and match the verifier; a replayed code revokes its tokens. */
    exchangeCode(code: string, clientId: string, redirectUri: string, verifier: string): TokenResponse {
      const row = q.findCode.get(code) as CodeRow | undefined;
      if (!row) throw new GrantError('invalid_grant', 'Invalid authorization code');
      if (row.used) {
        revokeGrant(code);
        throw new GrantError('invalid_grant', 'Invalid authorization code');
      }
      // Any attempt spends the code, so a guessed verifier cannot be retried.
      q.useCode.run(code);
      if (row.expires_at <= now()) throw new GrantError('invalid_grant', 'Authorization code expired');
      if (row.client_id !== clientId) throw new GrantError('invalid_client', 'Invalid client');
      if (row.redirect_uri !== redirectUri) throw new GrantError('invalid_grant', 'Invalid redirect URI');
      const expected = createHash('sha256').update(verifier).digest('base64url');
      if (expected !== row.code_challenge) throw new GrantError('invalid_grant', 'code_verifier was incorrect');
      return issuePair(row.user_id, row.client_id, row.scope, row.consent_at, code);
    },
    /** refresh_token grant with rotation: the old refresh token stops working once used. */
    refresh(token: string, clientId: string): TokenResponse {
      const row = q.findRefresh.get(token) as RefreshRow | undefined;
      if (!row || row.revoked) throw new GrantError('invalid_grant', 'Invalid refresh token');
      if (row.client_id !== clientId) throw new GrantError('invalid_client', 'Invalid client');
      if (now() >= refreshDeadline(row.consent_at)) throw new GrantError('invalid_grant', 'Refresh token revoked');
      q.revokeRefresh.run(token);
      return issuePair(row.user_id, row.client_id, row.scope, row.consent_at, row.grant_code);
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
