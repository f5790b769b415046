import { AsyncLocalStorage } from 'node:async_hooks';
import type { TokenSet } from '../api/auth';
import { configureApiClient } from '../api/client';
import { learntCapabilitiesOf, type Capability, type ErrorOutcome, type LearntCapabilities } from '../api/errors';
import { laterDeadline, limitedUntil } from '../api/rate-limit';
import { readProviderConfig } from '../config/provider';
import type { PlayingMark } from '../lib/playing-mark';
import { setProviderConfig } from '../lib/provider-config';
import { settledWithin } from '../lib/settled-within';
import { catalogueCache } from './catalogue-cache';
import { providerFetch } from './provider-transport';
import { currentSession, keepInSession, readSessionValue, type SessionContext } from './session-tokens';

/**
 * The provider calls one page render makes on the server (DESIGN §5: one client for the
 * server and the browser). The API client is wired once per process; what belongs to a
 * request (its session's token, what the provider refused, the outcomes to show) lives in
 * an AsyncLocalStorage context that the middleware opens around the render, so the same
 * API modules serve every user at once without passing a context through each call.
 */
interface PageCalls {
  /**
   * The request's session, to renew the tokens and write what is learnt; null in a quiet part
   * (which does neither) and once the response has been sent (`letGo`).
   */
  context: SessionContext | null;
  /** The session's tokens; null when the session store could not be read (the calls then try to renew first). */
  tokens: TokenSet | null;
  /** SPEC §8's decisions about failed calls, for the page to carry out (toast, redirect). */
  outcomes: ErrorOutcome[];
  /** DESIGN §2's record for this session: the development profile's removed endpoints. */
  capabilities: LearntCapabilities;
  /** When the provider's rate limit that this render met ends (ms since the epoch), for the top bar's countdown. */
  limitedUntil: number | null;
  /**
   * The response has started (a page whose data streams, `startStreaming`): its status and
   * cookies are sent, so a call from here on renews no token (the session's cookie, renewed with
   * it, could not go out with it).
   */
  streaming: boolean;
  /** What of SPEC §8 the page has shown already (the shell, or a part streamed later): its toast, its premium prompt. */
  told: Set<PageTelling>;
  /** What plays, as this page's read of it will say (`notePlayingRead`); null for a page that asks none. */
  playingRead: Promise<PlayingMark | null> | null;
}

const CAPABILITIES = 'capabilities';
const calls = new AsyncLocalStorage<PageCalls>();
/** Set within a part whose failures SPEC §8 has logged only (`loggedOnly`). */
const loggedOnlyScope = new AsyncLocalStorage<true>();

function current(): PageCalls {
  const page = calls.getStore();
  if (!page) throw new Error('A provider call on the server outside a page render (runPageCalls)');
  return page;
}

function learn(capability: Capability, state: 'available' | 'missing'): void {
  const page = current();
  if (page.capabilities[capability] === state) return;
  page.capabilities = { ...page.capabilities, [capability]: state };
  // Only what this render learnt goes into the record as stored now: another render may have
  // learnt something else meanwhile, and its session may have newer tokens.
  if (page.context) void keepInSession(page.context, CAPABILITIES, (stored) => ({ ...learntCapabilitiesOf(stored), [capability]: state }));
}

let wired = false;

/** Wires the API client for server renders (once per process): the request's token, no cancellation by name, the shared catalogue. */
function wireServerClient(): void {
  if (wired) return;
  wired = true;
  setProviderConfig(readProviderConfig(process.env));
  configureApiClient({
    getSession: () => {
      const { tokens } = current();
      return tokens && { accessToken: tokens.accessToken };
    },
    // The middleware handed over tokens that are not due, or none (the session store could not be
    // read): then a call renews first, and fails as a connection problem if that cannot be done.
    // A 401 still refreshes (below).
    needsToken: () => !current().tokens,
    async refreshSession() {
      const page = current();
      // Too late to keep new tokens (see `streaming`): the call fails with the provider's 401, its
      // part shows its error, and the next request renews (the browser's calls, or the next page).
      // With no tokens at all it was never sent: that is the store's failure, not the session's end.
      if (page.streaming || !page.context) return page.tokens ? 'refused' : 'unreachable';
      const state = await currentSession(page.context, page.tokens?.accessToken);
      if (state.kind === 'signed-in') {
        page.tokens = state.tokens;
        return 'refreshed';
      }
      // A held renewal (a refused token again within the gap) is not the session's end either.
      return state.kind === 'unreachable' || state.kind === 'held' ? 'unreachable' : 'refused';
    },
    capabilities: {
      isUsable: (capability) => current().capabilities[capability] !== 'missing',
      hasAnswered: (capability) => current().capabilities[capability] === 'available',
      markAvailable: (capability) => learn(capability, 'available'),
      markMissing: (capability) => learn(capability, 'missing'),
    },
    onOutcome(outcome) {
      if (outcome.type === 'capability-missing') learn(outcome.capability, 'missing');
      else if (outcome.type === 'toast' && loggedOnlyScope.getStore()) return;
      else if (outcome.type !== 'silent') current().outcomes.push(outcome);
    },
    onRateLimited(error) {
      const page = current();
      page.limitedUntil = laterDeadline(page.limitedUntil, limitedUntil(error, Date.now()));
    },
    cancelsByName: false,
    catalogue: catalogueCache(),
    fetch: providerFetch,
  });
}

/**
 * Runs a page render with its session's provider calls: what `render` (and the page streamed from
 * it) asks goes out with these tokens (null: the session could not be read just now, and each call
 * renews first). A response's body streams after `render` has resolved, so its calls are let go
 * once the body has been sent; any other answer's, once it has resolved.
 */
export async function runPageCalls<T>(context: SessionContext, tokens: TokenSet | null, render: () => Promise<T>): Promise<T> {
  wireServerClient();
  const capabilities = learntCapabilitiesOf(tokens ? await readSessionValue(context, CAPABILITIES) : undefined);
  const page: PageCalls = { context, tokens, outcomes: [], capabilities, limitedUntil: null, streaming: false, told: new Set(), playingRead: null };
  let answer: T;
  try {
    answer = await calls.run(page, render);
  } catch (error) {
    letGo(page);
    throw error;
  }
  if (answer instanceof Response && answer.body) return whenSent(answer, () => letGo(page)) as T;
  letGo(page);
  return answer;
}

/**
 * The render is over: its calls' context keeps nothing of it. A timer started during the render
 * keeps the context it was started in for as long as it waits: undici's timers, and any a library
 * starts (nanostores' one-second unmount delay did, each time an island read a store on the
 * server, until islands stopped reading stores there: components/server-snapshot.tsx). Through
 * the request's session that context held the whole render (its HTML, its islands, its data):
 * about a hundred renders at once under load, 60 MB of a 72 MB heap, copied by every young collection.
 * A call still on its way after this finds a page already sent: it renews and writes nothing.
 */
function letGo(page: PageCalls): void {
  page.context = null;
  page.streaming = true;
  page.playingRead = null;
}

/** `response` as it is, calling `done` once its body has been sent whole, or has failed or been given up (the browser left). */
function whenSent(response: Response, done: () => void): Response {
  const reader = response.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (!chunk.done) return controller.enqueue(chunk.value);
        controller.close();
      } catch (error) {
        controller.error(error);
      }
      done();
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, response);
}

/**
 * A part of the render whose failures SPEC §8 has logged only (home's sections): its calls make no
 * toast, and are the page's in all else: what they learn of the capabilities is kept, a rate limit
 * they meet counts down in the top bar, and a session the provider ended still leaves the page.
 */
export function loggedOnly<T>(load: () => Promise<T>): Promise<T> {
  return loggedOnlyScope.run(true, load);
}

/**
 * A part of the render that says nothing of its failures (the player card's calls: the browser's
 * player asks again): its failed calls, rate limit included, neither make the page's toast nor
 * count down in its top bar, and it never renews the session (a 401 is its failure, as once the
 * page streams). Null when it fails.
 */
export function quietPart<T>(load: () => Promise<T>): Promise<T | null> {
  const page = current();
  return calls.run({ ...page, context: null, outcomes: [], limitedUntil: null, streaming: true }, () => load().catch(() => null));
}

/**
 * What this render knows of the capabilities so far (the session's record and what its own calls
 * learnt), which the page tells the browser (ServerNotices.astro): a tab then sends no doomed
 * call to learn it again.
 */
export function pageCapabilities(): LearntCapabilities {
  return calls.getStore()?.capabilities ?? {};
}

/** Whether this session may try a capability (not learnt missing, DESIGN §2). */
export function isCapabilityOpen(capability: Capability): boolean {
  return current().capabilities[capability] !== 'missing';
}

/** What SPEC §8 decided about this render's failed calls so far. */
export function pageOutcomes(): readonly ErrorOutcome[] {
  return calls.getStore()?.outcomes ?? [];
}

/**
 * When the provider's rate limit this render met ends, if it has not ended yet (the page's top
 * bar counts down to it; told twice, by the shell and a streamed part, it counts down once).
 */
export function pageLimitedUntil(now = Date.now()): number | null {
  const until = calls.getStore()?.limitedUntil ?? null;
  return until !== null && until > now ? until : null;
}

/**
 * The page's first part is leaving (a page whose data streams, src/server/page-data.ts
 * `streamedSeed`): from here on its calls change nothing the response carries already.
 */
export function startStreaming(): void {
  const page = calls.getStore();
  if (page) page.streaming = true;
}

/** What a page tells the user of its failed calls, once each: SPEC §8's toast, its premium prompt. */
export type PageTelling = 'toast' | 'premium-prompt';

/** Whether the page may tell `what` now: true the first time only (SPEC §8: the first failure's message shows, once). */
export function tellOnce(what: PageTelling): boolean {
  const page = calls.getStore();
  if (!page || page.told.has(what)) return false;
  page.told.add(what);
  return true;
}

/** The page reads what plays (the player card's calls, src/server/pages/player.ts): its rows may show the mark (`shownPlayingMark`). */
export function notePlayingRead(mark: Promise<PlayingMark | null>): void {
  current().playingRead = mark;
}

/**
 * The mark of the player this page's rows are rendered with (src/lib/playing-mark.ts): what the
 * page's read of what plays says, if it says so within `waitMs`; null when the page asks none
 * (the client router's fetch), or it failed or came later. Bounded: a slow read would hold back
 * the content, where without the mark the browser only wakes the list to show it.
 */
export async function shownPlayingMark(waitMs: number): Promise<PlayingMark | null> {
  const read = calls.getStore()?.playingRead;
  return read ? ((await settledWithin(read, waitMs))?.value ?? null) : null;
}
