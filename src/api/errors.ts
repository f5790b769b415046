import { cutText } from '../lib/text-cut';

/**
 * What the provider may or may not offer this app (DESIGN §2). In development
 * mode some endpoints are gone; the first 403 or 404 from one of them marks it
 * missing (src/stores/capabilities.ts keeps the record), so its section is hidden.
 */
export const CAPABILITIES = [
  'artistTopTracks',
  'relatedArtists',
  'newReleases',
  'categories',
  'categoryPlaylists',
  'featuredPlaylists',
  'providerPlaylists',
  'otherUsers',
  'legacyPlaylistTracks',
  'legacyLibrary',
  'largeSearchPages',
  'largeArtistAlbumPages',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/** What a session learnt of the capabilities; absent ones are not known yet. */
export type LearntCapabilities = Partial<Record<Capability, 'available' | 'missing'>>;

/**
 * A record of learnt capabilities read from outside the code (the session's store, a page's
 * mark, ServerNotices.astro): only known capabilities in a known state, so nothing else passes as one.
 */
export function learntCapabilitiesOf(value: unknown): LearntCapabilities {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  const learnt: LearntCapabilities = {};
  for (const capability of CAPABILITIES) {
    const state = record[capability];
    if (state === 'available' || state === 'missing') learnt[capability] = state;
  }
  return learnt;
}

/** What went wrong with a request, in the terms SPEC §8's table uses. */
type ApiErrorKind = 'canceled' | 'timeout' | 'offline' | 'network' | 'http' | 'unavailable';

/** The message of a call whose endpoint this app cannot use (DESIGN §2's development mode). */
export const UNAVAILABLE_MESSAGE = 'Not available for this app';

/** SPEC §4: a request cancelled by a newer one of the same name rejects with this message. */
export const CANCELED_MESSAGE = 'Request was canceled';

/** The rejection of every failed provider call; stores keep it as their error. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The envelope's reason (or the seed's code): PREMIUM_REQUIRED, QUOTA_EXCEEDED, a player reason. */
    readonly reason: string | null = null,
    /** The provider's own message, when the envelope had one. */
    readonly providerMessage: string | null = null,
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfterSeconds: number | null = null,
    /**
     * A capability's refusal as the client judged it (judgeCapabilityRefusal), once: a caller that
     * shared the call (the server's catalogue cache joins calls in flight) learns the same from it.
     */
    readonly verdict: JudgedVerdict | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** This failure with the verdict on its capability. */
  judgedAs(verdict: JudgedVerdict): ApiError {
    return new ApiError(this.kind, this.message, this.status, this.reason, this.providerMessage, this.retryAfterSeconds, verdict);
  }
}

/** Whether a rejection is a cancellation, which every caller passes on silently. */
export function isCanceled(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'canceled';
}

/** Whether a rejection means "this app may not use that endpoint": hide the section, say so, no error screen. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'unavailable';
}

/**
 * How a page's main load failed: a missing id (404) and a malformed one (the provider's 400)
 * both read as "not found" (the user followed a link to something that is not there); an
 * endpoint this app may not use is "unavailable"; anything else is the error screen.
 */
export function pageFailureOf(error: unknown): 'not-found' | 'unavailable' | 'error' {
  if (isUnavailable(error)) return 'unavailable';
  const status = statusOf(error);
  return status === 404 || status === 400 ? 'not-found' : 'error';
}

/** The HTTP status of a rejection, if it had one (a 404 makes a not-found page). */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

interface Envelope {
  error?: { status?: unknown; message?: unknown; reason?: unknown; code?: unknown } | string;
  error_description?: unknown;
  message?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * A toast is a line or two at the top, for 1.5 s: the provider's message (SPEC §8's 5xx row) as
 * one line of at most this many characters. A service answering with a page of text, or a stack,
 * covered the whole window with it.
 */
export const TOAST_MESSAGE_MAX = 140;

/** The provider's message as a toast shows it: its spaces and line breaks as single spaces, cut at TOAST_MESSAGE_MAX with an ellipsis. */
export function toastLineOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= TOAST_MESSAGE_MAX ? line : `${cutText(line, TOAST_MESSAGE_MAX - 1)}…`;
}

/** Reads the provider's error envelope, and OAuth's `{"error":"…"}` shape, into an ApiError. */
export function httpError(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const envelope = (body && typeof body === 'object' ? body : {}) as Envelope;
  const inner = typeof envelope.error === 'object' && envelope.error !== null ? envelope.error : null;
  const providerMessage = text(inner?.message) ?? text(envelope.error_description) ?? text(envelope.message);
  const reason = text(inner?.reason) ?? text(inner?.code) ?? text(typeof envelope.error === 'string' ? envelope.error : null);
  const seconds = retryAfterHeader === null ? NaN : Number(retryAfterHeader);
  return new ApiError(
    'http',
    providerMessage ?? `Request failed with status code ${status}`,
    status,
    reason,
    providerMessage,
    Number.isFinite(seconds) && seconds >= 0 ? seconds : null,
  );
}

/** What the one error mapper decided; the stores side carries it out (ApiClientWiring.onOutcome). */
export type ErrorOutcome =
  | { type: 'silent' }
  | { type: 'toast'; message: string }
  | { type: 'expire-session' }
  | { type: 'deny-access'; message: string | null }
  | { type: 'premium-prompt' }
  | { type: 'capability-missing'; capability: Capability };

/** What the mapper needs to know about the call that failed. */
export interface FailedCall {
  /** GET when absent. A refused write is not sent again (DESIGN §5), so its user is told. */
  method?: string;
  /** Set on calls DESIGN §2 says may be gone in development mode. */
  capability?: Capability;
  /** Statuses the caller turns into its own state (a not-found page), with no toast or redirect. */
  quietStatuses?: readonly number[];
  /** Reasons the caller expects and settles itself (a closing card's pause refused PREMIUM_REQUIRED), with no toast or prompt. */
  quietReasons?: readonly string[];
  /**
   * A call made behind the user's back (a list on screen asked again): its failure shows no
   * toast, since what the user sees still stands. What ends the session still does.
   */
  unseen?: boolean;
}

/**
 * What a probe found: the endpoint asked about something known to exist
 * ('answered'), was refused too ('refused', a 403 or 404), or failed otherwise
 * ('failed': a 5xx, no connection), which says nothing about the endpoint.
 */
export type ProbeResult = 'answered' | 'refused' | 'failed';

/** A probe's own calls are quiet on these: a refusal is its answer, not a reason to toast or sign out. */
export const PROBE_QUIET_STATUSES = [403, 404] as const;

/** Reads a probe's rejection (null when it resolved) as a ProbeResult. */
export function probeResultOf(error: unknown): ProbeResult {
  if (error === null) return 'answered';
  if (isUnavailable(error)) return 'refused';
  const status = statusOf(error);
  return status === 403 || status === 404 ? 'refused' : 'failed';
}

/**
 * What a 403 or 404 from an endpoint that may be gone (a call with a capability) means.
 * In development mode the provider answers some removed endpoints with 404, the
 * status an id that is not there also gets, so a first 404 is ambiguous: 'probe'
 * asks the caller to put the same endpoint a question whose answer exists (the
 * signed-in user's own profile) and to judge again with its result.
 * - 'missing': the capability is gone for this app (hide, remember for the session);
 * - 'absent': the endpoint works and the thing asked for is not there (not-found page);
 * - 'unsure': the probe failed otherwise; the call fails as a plain 404 and nothing is learnt.
 */
export type CapabilityVerdict = 'missing' | 'absent' | 'probe' | 'unsure';

/** A verdict once any probe has answered: what a refused call is judged to be. */
export type JudgedVerdict = Exclude<CapabilityVerdict, 'probe'>;

/** What the client knows when a capability's call is refused. */
export interface CapabilityRefusal {
  status: number;
  /** The endpoint answered earlier this session. */
  answeredBefore: boolean;
  /** The call can ask a question whose answer exists. */
  canProbe: boolean;
  /** What that question found, once asked. */
  probe?: ProbeResult;
}

/** The one decision between "the endpoint is gone" and "the thing is not there" (DESIGN §2); once a probe answered, never 'probe' again. */
export function judgeCapabilityRefusal(refusal: CapabilityRefusal & { probe: ProbeResult }): JudgedVerdict;
export function judgeCapabilityRefusal(refusal: CapabilityRefusal): CapabilityVerdict;
export function judgeCapabilityRefusal({ status, answeredBefore, canProbe, probe }: CapabilityRefusal): CapabilityVerdict {
  // A 403 is never a missing id: the endpoint refuses this app.
  if (status !== 404) return 'missing';
  if (answeredBefore || probe === 'answered') return 'absent';
  if (probe === 'refused') return 'missing';
  if (probe === 'failed') return 'unsure';
  // With nothing to ask, the call names nothing that could be missing (a list such as new
  // releases, the user's own profile): its 404 can only be the endpoint's. A call whose id may
  // not be there (another user's private playlist, a deleted album) carries a probe (client.ts).
  return canProbe ? 'probe' : 'missing';
}

/** SPEC §6: a refusal carrying this reason opens the premium prompt. */
export const PREMIUM_REQUIRED = 'PREMIUM_REQUIRED';

/** DESIGN §2: a spent quota is a 429 carrying this reason; it is not a wait, and not retried. */
export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED';

/** Issue 28: what a call refused for the app's spent quota (a 429 with reason QUOTA_EXCEEDED) says. */
export const QUOTA_SPENT = 'My Music has used up its quota with the music provider for now. Please try again later.';

/** SPEC §8's toast when a request found no connection. */
export const CONNECTION_PROBLEM = 'Internet Connection Problem';

/** SPEC §8's toast for a failure with no words of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

// Development mode's account-level refusals (DESIGN §2): the user cannot use this app at all. The
// provider words the first several ways: "The user is not registered for this application", "Check
// settings on developer.spotify.com/dashboard, the user may not be registered", "User not
// registered in the Developer Dashboard".
const ACCOUNT_REFUSALS = [/not (be )?registered/i, /premium subscription required for the owner/i];

const isAccountRefusal = (error: ApiError): boolean => error.status === 403 && ACCOUNT_REFUSALS.some((pattern) => pattern.test(error.providerMessage ?? ''));

/** The provider's refusals of an account word for word, as /access_denied may show them (below). */
const ACCOUNT_REFUSAL_TEXTS = new Set(
  [
    'The user is not registered for this application',
    'Check settings on developer.spotify.com/dashboard, the user may not be registered',
    'User not registered in the Developer Dashboard',
    // DESIGN §2 quotes the provider with "Active"; some client libraries report it without.
    'Active premium subscription required for the owner of the app',
    'Premium subscription required for the owner of the app',
  ].map((text) => text.toLowerCase()),
);

/**
 * Whether words passed to /access_denied (its ?message=, which anyone can write) are the
 * provider's refusal of the account, word for word (a final full stop aside): any other words,
 * even round one of those ("Your account is locked: it is not registered. Call…"), would read
 * as the site's own.
 */
export const isAccountRefusalText = (text: string): boolean => ACCOUNT_REFUSAL_TEXTS.has(text.trim().replace(/\.$/, '').toLowerCase());

/**
 * The one mapping from a failed request to SPEC §8's request-error table
 * (with DESIGN §2's exceptions). A 401 reaches this only once a token refresh
 * could not help; retries happen before it too.
 */
export function mapRequestError(error: ApiError, call: FailedCall = {}): ErrorOutcome {
  const outcome = outcomeOf(error, call);
  return call.unseen && outcome.type === 'toast' ? { type: 'silent' } : outcome;
}

function outcomeOf(error: ApiError, call: FailedCall): ErrorOutcome {
  switch (error.kind) {
    case 'canceled':
    case 'unavailable':
      return { type: 'silent' };
    case 'timeout':
      return { type: 'toast', message: error.message };
    case 'offline':
    case 'network':
      return { type: 'toast', message: CONNECTION_PROBLEM };
  }
  const status = error.status ?? 0;
  if (call.quietStatuses?.includes(status)) return { type: 'silent' };
  if (error.reason !== null && call.quietReasons?.includes(error.reason)) return { type: 'silent' };
  if (status === 401) return { type: 'expire-session' };
  // Before the capability's verdict: a call refused because the account may not use the app at
  // all says nothing of the capability.
  if (isAccountRefusal(error)) return { type: 'deny-access', message: error.providerMessage ?? '' };
  if (call.capability && (status === 403 || status === 404)) {
    return { type: 'capability-missing', capability: call.capability };
  }
  if (status >= 400 && status < 500 && error.reason === PREMIUM_REQUIRED) return { type: 'premium-prompt' };
  // **Change** (issue 28) from SPEC's "other 4xx": a spent quota says so, in words; a rate
  // limit shows nothing for a read, since the top bar's indicator counts it down (the client
  // reports every 429 to it, src/api/rate-limit.ts), which a toast per refused call would drown,
  // and the read was asked again once. A write was not: the user hears it did not happen.
  if (status === 429) {
    if (error.reason === QUOTA_EXCEEDED) return { type: 'toast', message: QUOTA_SPENT };
    return (call.method ?? 'GET') === 'GET' ? { type: 'silent' } : { type: 'toast', message: SOMETHING_WENT_WRONG };
  }
  if (status === 403) {
    // A 403 carrying a reason is a refused command (a player restriction), not a bad request.
    if (!error.reason) return { type: 'deny-access', message: null };
  }
  if (status >= 400 && status < 500) {
    return error.providerMessage ? { type: 'silent' } : { type: 'toast', message: SOMETHING_WENT_WRONG };
  }
  if (status >= 500) return { type: 'toast', message: error.providerMessage ? toastLineOf(error.providerMessage) : 'Internal Server Error' };
  return { type: 'toast', message: SOMETHING_WENT_WRONG };
}
