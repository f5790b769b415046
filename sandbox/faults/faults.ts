import { randomUUID } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { SandboxEnv } from '../context';
import { apiError, errorBody } from '../http/errors';
import { RATE_WINDOW_MS, type RateLimitSettings } from '../http/rate-limit';

/** The statuses whose answer has no body. */
const NO_CONTENT = new Set([204, 205, 304]);

/** One scripted failure: which requests it hits, what they get instead, and how many times. */
export interface Fault {
  id: number;
  method: string | null;
  path: string;
  /** null: no replacement answer, the request goes on (after delayMs) to the real handler. */
  status: number | null;
  body: unknown;
  headers: Record<string, string>;
  delayMs: number;
  drop: boolean;
  times: number | null;
  hits: number;
}

interface NodeBindings {
  incoming?: { socket?: { destroy: () => void } };
}

function parseFault(input: unknown, id: number): Fault | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'Body must be a JSON object';
  const raw = input as Record<string, unknown>;
  const match = (raw.match && typeof raw.match === 'object' ? raw.match : raw) as Record<string, unknown>;
  const path = match.path ?? '.*';
  if (typeof path !== 'string') return 'match.path must be a regular expression string';
  try {
    new RegExp(path);
  } catch {
    return `match.path is not a valid regular expression: ${path}`;
  }
  const method = match.method === undefined ? null : String(match.method).toUpperCase();
  const status = raw.status === undefined ? (raw.body === undefined ? null : 200) : Number(raw.status);
  if (status !== null && (!Number.isInteger(status) || status < 200 || status > 599)) return 'status must be an HTTP status from 200 to 599';
  const delayMs = raw.delayMs === undefined ? 0 : Number(raw.delayMs);
  if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 120_000) return 'delayMs must be 0 to 120000';
  const times = raw.times === undefined || raw.times === null ? null : Number(raw.times);
  if (times !== null && (!Number.isInteger(times) || times < 1)) return 'times must be a positive integer';
  const headers: Record<string, string> = {};
  if (raw.headers && typeof raw.headers === 'object') {
    for (const [name, value] of Object.entries(raw.headers as Record<string, unknown>)) headers[name] = String(value);
  }
  return { id, method, path, status, body: raw.body, headers, delayMs, drop: raw.drop === true, times, hits: 0 };
}

/**
 * Scripted failures for end-to-end tests (SANDBOX_FAULTS=1 only): a matching request waits
 * delayMs, then is dropped or answered with the scripted status, body and headers. Clearing
 * the faults (or a reset) clears their effects too: a request one of them still holds is dropped.
 * /__sandbox/* itself is never faulted, so a test can always clear what it set.
 */
export function createFaults(enabled: boolean) {
  let faults: Fault[] = [];
  let nextId = 1;
  // Bumped whenever the faults are cleared. A request still held by a cleared fault's delay
  // is then dropped instead of going on: an end-to-end test's slow save must not land in the
  // sandbox 45 s later, in whichever test runs then (offline.spec once found its album saved).
  let generation = 0;
  const clearAll = () => {
    faults = [];
    generation++;
  };
  const drop = (c: Context) => {
    (c.env as NodeBindings | undefined)?.incoming?.socket?.destroy();
    return new Response(null, { status: 500 });
  };

  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const path = c.req.path;
    if (!enabled || path.startsWith('/__sandbox/')) return next();
    // The regex may name the path alone (^/v1/me$) or the path with its query (type=playlist).
    const withQuery = path + new URL(c.req.url).search;
    const fault = faults.find(
      (f) =>
        (f.method === null || f.method === c.req.method) &&
        (new RegExp(f.path).test(path) || new RegExp(f.path).test(withQuery)) &&
        (f.times === null || f.hits < f.times),
    );
    if (!fault) return next();
    fault.hits++;
    const heldFrom = generation;
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.drop || generation !== heldFrom) return drop(c);
    if (fault.status === null) return next();
    // A status without content (204: the provider's "nothing is playing") answers with no body.
    const response = NO_CONTENT.has(fault.status)
      ? c.body(null, fault.status as StatusCode)
      : c.json((fault.body === undefined ? errorBody(fault.status, defaultMessage(fault.status)) : fault.body) as object, fault.status as ContentfulStatusCode);
    for (const [name, value] of Object.entries(fault.headers)) response.headers.set(name, value);
    return response;
  };

  /** This process's start: a test that asked for a restart waits until it changes. */
  const bootId = randomUUID();

  interface Controls {
    reset: () => void;
    restart?: () => void;
    /** Replaces the rate limit's settings (null: back to SANDBOX_RATE_LIMIT's). */
    setRateLimit: (settings: RateLimitSettings | null) => void;
  }

  function registerRoutes(app: Hono<SandboxEnv>, { reset, restart, setRateLimit }: Controls): void {
    const disabled = (c: Context) => apiError(c, 404, 'Faults are off: start the sandbox with SANDBOX_FAULTS=1');
    app.get('/__sandbox/faults', (c) => (enabled ? c.json({ faults }) : disabled(c)));
    app.post('/__sandbox/faults', async (c) => {
      if (!enabled) return disabled(c);
      const input: unknown = await c.req.json().catch(() => undefined);
      const list = Array.isArray(input) ? input : [input];
      const added: Fault[] = [];
      for (const item of list) {
        const fault = parseFault(item, nextId++);
        if (typeof fault === 'string') return apiError(c, 400, fault);
        added.push(fault);
      }
      faults.push(...added);
      return c.json({ faults: added }, 201);
    });
    // Clearing the faults clears every scripted failure, a rate limit set at run time too.
    app.delete('/__sandbox/faults', (c) => {
      if (!enabled) return disabled(c);
      clearAll();
      setRateLimit(null);
      return c.body(null, 204);
    });
    // SANDBOX_RATE_LIMIT at run time, so a test meets the real limiter without a stack of its
    // own: { calls, windowSeconds? (default 30) }; calls 0 turns it off.
    app.post('/__sandbox/rate-limit', async (c) => {
      if (!enabled) return disabled(c);
      const input = (await c.req.json().catch(() => undefined)) as { calls?: unknown; windowSeconds?: unknown } | undefined;
      const calls = Number(input?.calls);
      const windowSeconds = input?.windowSeconds === undefined ? RATE_WINDOW_MS / 1000 : Number(input.windowSeconds);
      if (!Number.isInteger(calls) || calls < 0) return apiError(c, 400, 'calls must be a whole number, 0 or more');
      if (!Number.isFinite(windowSeconds) || windowSeconds < 1 || windowSeconds > 3600) return apiError(c, 400, 'windowSeconds must be 1 to 3600');
      setRateLimit({ calls, windowMs: windowSeconds * 1000 });
      return c.json({ calls, windowSeconds });
    });
    app.post('/__sandbox/reset', (c) => {
      if (!enabled) return disabled(c);
      clearAll();
      setRateLimit(null);
      reset();
      return c.body(null, 204);
    });
    app.get('/__sandbox/boot', (c) => (enabled ? c.json({ bootId }) : disabled(c)));
    // A real restart (a new process on the same data), for tests that prove what survives one.
    app.post('/__sandbox/restart', (c) => {
      if (!enabled) return disabled(c);
      if (!restart) return apiError(c, 409, 'No supervisor restarts this sandbox: start it with SANDBOX_RESTART_EXIT_CODE');
      setTimeout(restart, 50); // after this answer has left
      return c.json({ bootId }, 202);
    });
  }

  return { middleware, registerRoutes };
}

function defaultMessage(status: number): string {
  if (status === 401) return 'The access token expired';
  if (status === 403) return 'Forbidden';
  if (status === 404) return 'Resource not found';
  if (status === 429) return 'API rate limit exceeded';
  if (status >= 500) return 'Internal server error';
  return 'Scripted failure';
}
