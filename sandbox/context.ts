import type { MiddlewareHandler } from 'hono';
import type { ObjectBuilders } from './catalogue/objects';
import type { UserRow } from './catalogue/rows';
import type { SandboxDb } from './db';
import type { SandboxConfig } from './env';
import type { apiError } from './http/errors';

/** The access token behind the current request, as the auth middleware found it. */
export interface TokenInfo {
  token: string;
  userId: string;
  clientId: string;
  scopes: Set<string>;
  expiresAt: number;
}

/** Hono's environment for every sandbox route: the signed-in user and token once requireAuth has run. */
export interface SandboxEnv {
  Variables: { user: UserRow; token: TokenInfo };
}

/**
 * What createSandbox hands to each part (core API and playback): the database, the
 * settings, the clock (tests move it), the auth middleware, the error helper, the object
 * builders, and a hook to rebuild part-owned state on POST /__sandbox/reset.
 */
export interface SandboxContext {
  db: SandboxDb;
  config: SandboxConfig;
  now: () => number;
  requireAuth: (scope?: string | string[]) => MiddlewareHandler<SandboxEnv>;
  apiError: typeof apiError;
  objects: ObjectBuilders;
  onReset: (listener: () => void) => void;
}
