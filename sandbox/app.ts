import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createRequireAuth } from './accounts/middleware';
import { registerAccounts } from './accounts/routes';
import { registerWebApi } from './api/index';
import { ensureCatalogue, resetUserState } from './catalogue/seed-state';
import { createObjectBuilders } from './catalogue/objects';
import { restoreTemplate, saveTemplate } from './catalogue/template-cache';
import type { SandboxContext, SandboxEnv } from './context';
import { openDatabase, type SandboxDb } from './db';
import { readSandboxEnv, type SandboxConfig } from './env';
import { ApiFailure, apiError } from './http/errors';
import { createFaults } from './faults/faults';
import { registerTextSeeding } from './faults/texts';
import { createRateLimit, RATE_WINDOW_MS } from './http/rate-limit';
import { registerPlayback } from './playback/index';
import type { SdkStreams } from './playback/sdk-stream';

export interface SandboxOptions extends Partial<SandboxConfig> {
  /** Copy the catalogue from a template made by an earlier start (default: for the small size only, which tests use). */
  catalogueCache?: boolean;
  /** The clock in milliseconds; tests pass their own to reach token expiry and the six-month refresh limit. */
  now?: () => number;
  /** Ends the process for its supervisor to start again (main.ts); absent, POST /__sandbox/restart is refused. */
  restart?: () => void;
}

export interface Sandbox {
  app: Hono<SandboxEnv>;
  db: SandboxDb;
  config: SandboxConfig;
  ctx: SandboxContext;
  /** The SDK's event streams (WebSockets): the node server hands them its 'upgrade' event. */
  streams: SdkStreams;
  /** Ends the streams and closes the database. */
  close: () => void;
}

/**
 * Builds a whole sandbox provider on one data directory: database, catalogue (generated on
 * first start), accounts, Web API, faults and playback. main.ts serves it; tests make one
 * per test file on a temporary directory.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { now = Date.now, catalogueCache, restart, ...overrides } = options;
  const config: SandboxConfig = { ...readSandboxEnv({}), ...overrides };
  const useTemplate = catalogueCache ?? config.size === 'small';
  const copied = useTemplate && restoreTemplate(config.dataDir, config.seed, config.size);
  const db = openDatabase(config.dataDir);
  if (copied) resetUserState(db, config, now());
  else if (ensureCatalogue(db, config, now()) && useTemplate) saveTemplate(db, config.seed, config.size);

  const resetListeners: (() => void)[] = [];
  const ctx: SandboxContext = {
    db,
    config,
    now,
    requireAuth: createRequireAuth(db, now),
    apiError,
    objects: createObjectBuilders(db, config),
    onReset: (listener) => resetListeners.push(listener),
  };

  const app = new Hono<SandboxEnv>();
  // The provider answers any origin and lets the browser read Retry-After on a 429.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Range'],
      exposeHeaders: ['Retry-After', 'Content-Length', 'Content-Range'],
      maxAge: 86400,
    }),
  );
  // No call of the Web API takes more than a few kilobytes; a huge body is refused before it is
  // read, and the connection closed, since the unread rest of the body would poison a reused socket.
  const tooLarge = (c: Context) => {
    c.header('Connection', 'close');
    return apiError(c, 413, 'Request body too large');
  };
  app.use('/v1/*', bodyLimit({ maxSize: 256 * 1024, onError: tooLarge }));
  app.use('/api/*', bodyLimit({ maxSize: 64 * 1024, onError: tooLarge }));
  const startLimit = { calls: config.rateLimit, windowMs: RATE_WINDOW_MS };
  const rateLimit = createRateLimit(startLimit, now);
  app.use('/v1/*', rateLimit.middleware);
  const faults = createFaults(config.faults);
  app.use('*', faults.middleware);
  faults.registerRoutes(app, {
    reset: () => {
      resetUserState(db, config, now());
      for (const listener of resetListeners) listener();
    },
    restart,
    setRateLimit: (settings) => rateLimit.set(settings ?? startLimit),
  });

  registerTextSeeding(app, ctx);
  registerAccounts(app, ctx);
  registerWebApi(app, ctx);
  const streams = registerPlayback(app, ctx);

  app.notFound((c) => apiError(c, 404, 'Service not found'));
  app.onError((error, c) => {
    if (error instanceof ApiFailure) return apiError(c, error.status, error.message, error.extra);
    console.error('sandbox: unexpected error', error);
    return apiError(c, 500, 'Internal server error');
  });

  return {
    app,
    db,
    config,
    ctx,
    streams,
    close: () => {
      streams.close();
      db.close();
    },
  };
}
