import wretch, { type Wretch } from 'wretch';
import { getProviderConfig } from '../lib/provider-config';
import type { RefreshOutcome } from './auth';
import {
  ApiError,
  CANCELED_MESSAGE,
  UNAVAILABLE_MESSAGE,
  httpError,
  judgeCapabilityRefusal,
  mapRequestError,
  probeResultOf,
  type Capability,
  type ErrorOutcome,
  type FailedCall,
} from './errors';
import { DEFAULT_RETRY_AFTER_SECONDS, isQuotaSpent } from './rate-limit';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** One call to the provider's Web API. */
interface ApiRequest extends FailedCall {
  method?: HttpMethod;
  /** Relative to the API base: `albums/{id}`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A new call with the same name cancels the previous one (SPEC §4). */
  name?: string;
  /**
   * For a call with a capability: asks the same endpoint about something known to
   * exist (resolves when it answers), so that a first 404 tells "gone" from "not there".
   * Every such call whose id may not be there (a playlist's entries, an album to save) has one:
   * without it a first 404 reads as the endpoint gone (errors.ts judgeCapabilityRefusal).
   */
  probe?: () => Promise<unknown>;
  /** The answers that count as done (SPEC §4's toggles: 200 and 204); any other fails as an HTTP error. */
  okStatuses?: readonly number[];
  /**
   * Public catalogue data, the same for every user (an album, its tracks, a search): the
   * server may share the answer between sessions for a short while (the wiring's catalogue).
   * Never set on per-user data.
   */
  catalogue?: true;
}

/** A short-lived store of catalogue answers shared by every session (the server's; the browser has none). */
export interface CatalogueCache {
  /** The answer kept under `key`, or what `load` answers (kept when it succeeds). */
  remember(key: string, load: () => Promise<unknown>): Promise<unknown>;
}

/** Timing of the client; tests shorten the waits instead of sleeping for real. */
export const clientTiming = {
  /** SPEC §9: 30000 ms. */
  timeoutMs: 30_000,
  /** Backoff before the one retry of a GET after a 5xx or a dropped connection. */
  retryDelayMs: 800,
  /** A Retry-After longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: 10_000,
  sleep: (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
};

/**
 * What the client needs from the stores side. The client never imports a store
 * (the dependency points one way: stores call the API); src/stores/session.ts
 * hands these over once with configureApiClient.
 */
export interface ApiClientWiring {
  /** The access token to send, or null before the page has one. */
  getSession(): { accessToken: string } | null;
  /** Whether the page must ask for a token before a call: none yet, or about to expire. */
  needsToken(): boolean;
  /** One token renewal shared by every call that needs it at the same time (the first call, an expiry, a 401). */
  refreshSession(): Promise<RefreshOutcome>;
  /** DESIGN §2's record of which endpoints this app may use. */
  capabilities: {
    isUsable(capability: Capability): boolean;
    hasAnswered(capability: Capability): boolean;
    markAvailable(capability: Capability): void;
    markMissing(capability: Capability): void;
  };
  /**
   * Carries out the one error mapper's decision: toast, expire session, deny access, premium
   * prompt, capability missing. `call` says whether the call read (GET) or changed something:
   * a change that found no connection left the page as it was (its flag rolled back).
   */
  onOutcome(outcome: ErrorOutcome, call: { reads: boolean }): void;
  /**
   * Whether a new call cancels the running call of the same name (SPEC §4), true in the
   * browser. The server answers many users at once: one user's call must not cancel another's.
   */
  cancelsByName: boolean;
  /** Where catalogue answers are shared (the server); absent, every call goes to the provider. */
  catalogue?: CatalogueCache;
  /**
   * Every 429 of a rate limit the provider answered (retried or not; a spent quota is not
   * one): the error, for src/api/rate-limit.ts `limitedUntil` to read on the wiring's clock.
   */
  onRateLimited?(error: ApiError): void;
  /** How calls reach the provider, when not the global fetch (the server's, src/server/provider-transport.ts). */
  fetch?: typeof fetch;
}

let wiring: ApiClientWiring | null = null;
let announceWiring: (wiring: ApiClientWiring) => void = () => undefined;
// An island can hydrate before the shell's script has installed the wiring; its calls wait for it.
const wiringReady = new Promise<ApiClientWiring>((resolve) => (announceWiring = resolve));

/** Hands the client what it needs from the stores side; called once, by src/stores/session.ts. */
export function configureApiClient(provided: ApiClientWiring): void {
  wiring = provided;
  announceWiring(provided);
}

// API modules that choose between an endpoint and its replacement (DESIGN §2) read and
// update the same record (learnt in an earlier page load of the session too, so they wait for it).

/** Whether a capability may be tried (not learnt missing this session). */
export async function isCapabilityUsable(capability: Capability): Promise<boolean> {
  // Waits for the wiring, as callApi does: an island's first load can run before it, and
  // must not take "not learnt yet" for "usable" (it would ask a call learnt missing again).
  const hooks = wiring ?? (await wiringReady);
  return hooks.capabilities.isUsable(capability);
}

/** Whether this session has learnt a capability either way (its endpoint answered, or is gone). */
export async function isCapabilityKnown(capability: Capability): Promise<boolean> {
  const hooks = wiring ?? (await wiringReady);
  return hooks.capabilities.hasAnswered(capability) || !hooks.capabilities.isUsable(capability);
}

/** Records that a capability's endpoint answered. */
export function markCapabilityAvailable(capability: Capability): void {
  wiring?.capabilities.markAvailable(capability);
}

/** Records that a capability is gone for this app. */
export function markCapabilityMissing(capability: Capability): void {
  wiring?.capabilities.markMissing(capability);
}

const CANCELED = Symbol('canceled');
const TIMED_OUT = Symbol('timed out');
const running = new Map<string, AbortController>();

let base: { url: string; fetch: typeof fetch | undefined; wretch: Wretch } | null = null;
// The one wretch instance; built on first use because the base URL is runtime configuration
// (and again if that configuration or the wiring's transport is replaced, as a tool running
// without a page, or a test, may do).
function provider(hooks: ApiClientWiring): Wretch {
  const url = getProviderConfig().apiBase;
  if (base?.url !== url || base.fetch !== hooks.fetch) {
    const client = wretch(url).accept('application/json');
    base = { url, fetch: hooks.fetch, wretch: hooks.fetch ? client.polyfills({ fetch: hooks.fetch }) : client };
  }
  return base.wretch;
}

/** Test seam (a reset between tests): aborts the calls in flight and forgets the wretch instance, so one test's calls cannot answer into the next. */
export function resetClient(): void {
  base = null;
  for (const controller of running.values()) controller.abort(CANCELED);
  running.clear();
}

function urlOf(request: ApiRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `/${request.path.replace(/^\//, '')}${search ? `?${search}` : ''}`;
}

async function sendOnce(request: ApiRequest, signal: AbortSignal, hooks: ApiClientWiring): Promise<unknown> {
  let chain = provider(hooks).url(urlOf(request)).options({ signal });
  const token = hooks.getSession()?.accessToken;
  if (token) chain = chain.auth(`Bearer ${token}`);
  if (request.body !== undefined) chain = chain.json(request.body as object);
  const method = request.method ?? 'GET';
  const pending = method === 'GET' ? chain.get() : method === 'PUT' ? chain.put() : method === 'POST' ? chain.post() : chain.delete();
  const response = await pending.res();
  const body = parseBody(await response.text());
  if (request.okStatuses && !request.okStatuses.includes(response.status)) throw httpError(response.status, body);
  return body;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A 2xx with a non-JSON body (some player commands answer plain text) still succeeded.
    return text;
  }
}

function toApiError(error: unknown, signal: AbortSignal): ApiError {
  if (error instanceof ApiError) return error;
  if (signal.aborted && signal.reason === CANCELED) return new ApiError('canceled', CANCELED_MESSAGE);
  if (signal.aborted && signal.reason === TIMED_OUT) {
    return new ApiError('timeout', `timeout of ${clientTiming.timeoutMs}ms exceeded`);
  }
  const failed = error as { status?: unknown; json?: unknown; response?: Response };
  if (typeof failed.status === 'number') {
    return httpError(failed.status, failed.json, failed.response?.headers.get('Retry-After') ?? null);
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiError(offline ? 'offline' : 'network', error instanceof Error ? error.message : String(error));
}

/** How long to wait before the one retry, or null when the failure is not retried (DESIGN §5). */
function retryDelay(error: ApiError, request: ApiRequest): number | null {
  if ((request.method ?? 'GET') !== 'GET') return null;
  if (error.kind === 'network') return clientTiming.retryDelayMs;
  if (error.status === 429) {
    if (isQuotaSpent(error)) return null;
    const wait = (error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000;
    return wait <= clientTiming.maxRetryAfterMs ? wait : null;
  }
  if (error.status !== null && error.status >= 500) return clientTiming.retryDelayMs;
  return null;
}

/**
 * Why a call stops after its token could not be renewed: a site it could not reach is a
 * connection problem, not an expired session; a refusal ends the session (SPEC §8's 401).
 */
function renewalFailure(refresh: 'unreachable' | 'refused'): ApiError {
  return refresh === 'unreachable' ? new ApiError('network', 'The session could not be renewed: the token URL or the session store is out of reach') : new ApiError('http', 'The session has ended', 401);
}

/**
 * Renews the page's token first when it is missing or due: null when the call may go, else why
 * not. A call with no token after a failed renewal is not sent: unsigned, it would come back
 * 401 (say, the moment the network returns), and a connection problem would pass for a
 * refused session.
 */
async function renewIfDue(hooks: ApiClientWiring): Promise<ApiError | null> {
  if (!hooks.needsToken()) return null;
  const refresh = await hooks.refreshSession();
  if (refresh === 'refreshed' || hooks.getSession()) return null; // a due token is still worth a try
  return renewalFailure(refresh);
}

/**
 * A 403 or 404 from a capability's endpoint, judged (errors.ts judgeCapabilityRefusal), probing
 * once when a first 404 is ambiguous: the failure with its verdict, which every caller of a
 * shared call reads (`tellFailure`). Any other failure is as it came.
 */
async function judgeFailure(request: ApiRequest, error: ApiError, hooks: ApiClientWiring): Promise<ApiError> {
  const { capability } = request;
  if (!capability || (error.status !== 403 && error.status !== 404)) return error;
  const refusal = { status: error.status, answeredBefore: hooks.capabilities.hasAnswered(capability), canProbe: request.probe !== undefined };
  const verdict = judgeCapabilityRefusal(refusal);
  if (verdict !== 'probe') return error.judgedAs(verdict);
  const probe = probeResultOf(await request.probe!().then(() => null, (failure: unknown) => failure));
  return error.judgedAs(judgeCapabilityRefusal({ ...refusal, probe }));
}

/**
 * Tells the wiring what a failed call means to this caller: what its verdict teaches of the
 * capability, then SPEC §8's outcome. The same for the caller that asked and for one that joined
 * its call, so one refusal never teaches two sessions two things. Resolves to the rejection the
 * caller sees: "not available" for a capability gone.
 */
function tellFailure(error: ApiError, request: ApiRequest, hooks: ApiClientWiring): ApiError {
  // A cancellation and a capability known gone were never asked: there is nothing to tell.
  if (error.kind === 'canceled' || error.kind === 'unavailable') return error;
  const { capability } = request;
  if (capability && error.verdict === 'absent') hooks.capabilities.markAvailable(capability);
  // The capability counts only when it is gone; otherwise a 404 is a plain "not found".
  const call = error.verdict && error.verdict !== 'missing' ? { ...request, capability: undefined } : request;
  const outcome = mapRequestError(error, call);
  hooks.onOutcome(outcome, callOf(request));
  return outcome.type === 'capability-missing' ? new ApiError('unavailable', UNAVAILABLE_MESSAGE, error.status) : error;
}

/**
 * Sends one call with every rule of DESIGN §5: cancellation by name, 30 s
 * timeout, one token refresh and replay on 401, one retry of a GET on 429
 * (honouring Retry-After), 5xx or a dropped connection, and then SPEC §8's
 * mapping. Resolves to the parsed JSON (undefined for an empty body); rejects
 * with an ApiError after the wiring has carried out the mapper's decision.
 */
export async function callApi<T = unknown>(request: ApiRequest): Promise<T> {
  const hooks = wiring ?? (await wiringReady);
  const shared = hooks.catalogue;
  let askedHere = false;
  const ask = () => ((askedHere = true), callProvider(request, hooks));
  try {
    if (shared && request.catalogue && (request.method ?? 'GET') === 'GET') {
      // Keyed by the whole URL: one Redis may serve sites that talk to different providers.
      return (await shared.remember(getProviderConfig().apiBase + urlOf(request), ask)) as T;
    }
    return (await ask()) as T;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Another render's call, joined: that render heard each 429 as it came; this one hears the last.
    if (!askedHere && error.status === 429 && !isQuotaSpent(error)) hooks.onRateLimited?.(error);
    // Joined or not, this render is told the failure, or its page showed the error with no word.
    throw tellFailure(error, request, hooks);
  }
}

/** What the wiring is told of a failed call beside its outcome. */
const callOf = (request: ApiRequest) => ({ reads: (request.method ?? 'GET') === 'GET' });

/**
 * Asks the provider, with every rule of DESIGN §5 but the telling: rejects with the failure as
 * judged (`judgeFailure`), which `callApi` tells each caller that shared it.
 */
async function callProvider(request: ApiRequest, hooks: ApiClientWiring): Promise<unknown> {
  // A capability learnt missing is not asked about again this session.
  if (request.capability && !hooks.capabilities.isUsable(request.capability)) {
    throw new ApiError('unavailable', UNAVAILABLE_MESSAGE);
  }
  const controller = new AbortController();
  if (request.name && hooks.cancelsByName) {
    running.get(request.name)?.abort(CANCELED);
    running.set(request.name, controller);
  }
  const { signal } = controller;
  let refreshed = false;
  let retried = false;
  try {
    const unsigned = await renewIfDue(hooks);
    if (unsigned) throw unsigned;
    for (;;) {
      if (signal.aborted) throw new ApiError('canceled', CANCELED_MESSAGE);
      const timer = setTimeout(() => controller.abort(TIMED_OUT), clientTiming.timeoutMs);
      try {
        const body = await sendOnce(request, signal, hooks);
        if (request.capability) hooks.capabilities.markAvailable(request.capability);
        return body;
      } catch (caught) {
        // The time-out covers one try. Left running through the refresh or the wait before a
        // retry, it would abort the call there, and the abort would pass as a silent cancel.
        clearTimeout(timer);
        const error = toApiError(caught, signal);
        if (error.kind === 'canceled') throw error;
        // Told at once, before the wait for the retry, so the wait itself shows.
        if (error.status === 429 && !isQuotaSpent(error)) hooks.onRateLimited?.(error);
        if (error.status === 401 && !refreshed) {
          refreshed = true;
          const refresh = await hooks.refreshSession();
          if (refresh === 'refreshed') continue;
          // A refusal goes on below: the provider's own 401 is mapped, as any error.
          if (refresh === 'unreachable') throw renewalFailure(refresh);
        }
        const wait = retried ? null : retryDelay(error, request);
        if (wait !== null) {
          retried = true;
          await clientTiming.sleep(wait, signal);
          continue;
        }
        throw await judgeFailure(request, error, hooks);
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    if (running.get(request.name ?? '') === controller) running.delete(request.name ?? '');
  }
}
