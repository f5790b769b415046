import type { AstroGlobal } from 'astro';
import type { PageLeaving } from '../lib/page-leaving';
import { isUnavailable, pageFailureOf } from '../api/errors';
import { checkInLibrary, type LibraryKind } from '../api/library';
import type { ListPage } from '../api/list-pages';
import { getMe } from '../api/me';
import type { Page, UserProfile } from '../api/types';
import { accessDeniedPath } from '../lib/access-denied';
import { AHEAD_HEADER } from '../lib/site-request';
import { randomPaletteColor } from '../lib/colors';
import { pagesFromStart, shownPagesOf } from '../lib/list-paging';
import { SHOWN_MARK, type Marked } from '../lib/playing-mark';
import { settledWithin } from '../lib/settled-within';
import { ownId, type AreaSeed, type DetailAsk, type DetailFailure, type DetailPage, type FirstPage, type ItemFlag, type LibraryFlags } from '../api/page-shapes';
import type { ListSeed } from '../api/page-seeds';
import { leaveNotice } from './notice';
import { pageOutcomes, shownPlayingMark, startStreaming, tellOnce } from './page-calls';
import { endSession, keepInSession, readSessionValue, readTokens, type SessionContext } from './session-tokens';

/**
 * The start of every detail seed: the id, SPEC §4's new random background of this load, and the
 * page's main entity or how it failed (SPEC §8's not-found message, DESIGN §2's note, the error
 * screen).
 */
export async function detailEntityOf<T>(id: string, load: Promise<T>): Promise<{ id: string; background: string; data: T | null; failure: DetailFailure }> {
  const start = { id, background: randomPaletteColor() };
  try {
    return { ...start, data: await load, failure: null };
  } catch (error) {
    return { ...start, data: null, failure: pageFailureOf(error) };
  }
}

/** A list's first page, or how it failed: 'unavailable' (DESIGN §2), 'not-found' (an unknown or malformed id), null. */
export async function firstPageOf<T>(load: Promise<Page<T>>): Promise<FirstPage<T>> {
  try {
    return await load;
  } catch (error) {
    const failure = pageFailureOf(error);
    return failure === 'error' ? null : failure;
  }
}

/**
 * The seed of a page that shows one paged list: its first page and, once it is known, the
 * library flags of what it shows (`flagsOf`).
 */
export async function listSeedOf<T>(
  load: Promise<Page<T>>,
  flagsOf: (items: T[]) => Promise<LibraryFlags> = async () => ({}),
): Promise<ListSeed<T>> {
  const page = await firstPageOf(load);
  const items = typeof page === 'object' && page ? page.items : [];
  // The list is the page: its failure is the page's (404, or 502 with the error screen's Try again).
  const failure = page === 'not-found' ? 'not-found' : page === null ? 'error' : null;
  return { page, flags: await flagsOf(items), failure };
}

/**
 * The seed of a page of one paged list (`src/api/list-pages.ts`): its first page (or as many
 * pages as its address asks, read with JavaScript off: `shownPagesOf`), the size the browser's
 * list asks next, and the flags of what it shows, held or asked as the list says.
 */
export function loadListPage<T>(list: ListPage<T>, address?: URL): Promise<ListSeed<T>> {
  const pages = shownPagesOf(address);
  return listSeedOf(pagesFromStart(list.load, list.limit, pages), (items) => itemFlagsOf(list.library, items));
}

/** The flags of the items a part of a page shows, held or asked as the part says; none for a part with no buttons or that failed. */
async function itemFlagsOf<T>(flag: ItemFlag<T> | undefined, items: readonly T[] | null): Promise<LibraryFlags> {
  if (!flag || !items) return {};
  const ids = items.map(flag.idOf);
  return { [flag.kind]: flag.held ? heldFlags(ids) : await libraryFlagsOf(flag.kind, ids) };
}

/** Flags from several parts of a page in one, kind by kind; a later part's answer wins (the page's own flag comes last). */
function mergedFlags(parts: readonly LibraryFlags[]): LibraryFlags {
  const merged: LibraryFlags = {};
  for (const part of parts) {
    for (const [kind, flags] of Object.entries(part) as [LibraryKind, Record<string, boolean>][]) merged[kind] = { ...merged[kind], ...flags };
  }
  return merged;
}

const keysOf = <K extends PropertyKey>(parts: Partial<Record<K, unknown>> | undefined, asked: readonly K[] | undefined): K[] =>
  asked ? [...asked] : (Object.keys(parts ?? {}) as K[]);

/**
 * A detail page's seed (its `DetailPage`, beside its calls: `albumPage` in src/api/albums.ts), its calls all started at once, side by
 * side: the entity and its own flag, every section and the first page of every list, then the
 * flags of what each shows as soon as it is known. The head (the entity and its flag) is one
 * answer away, the sections and lists with their flags two in a row, so the page may stream
 * them (`splitPageSeed`). A section or list the route does not ask for is absent from the seed,
 * and the area leaves it unasked ('idle') rather than failed (src/stores/detail-area.ts).
 */
export function startDetailPage<T, S extends Record<string, unknown>, L extends Record<string, unknown>>(
  page: DetailPage<T, S, L>,
  id: string,
  ask: DetailAsk<S, L> = {},
  address?: URL,
): PageParts<AreaSeed<T, S, L>> {
  // The pages of its list the address asks for, read with JavaScript off (MorePages.astro).
  const pages = shownPagesOf(address);
  const entity = detailEntityOf(id, page.load(id));
  const ownKind = ask.own === false ? undefined : page.library;
  const own = ownKind ? libraryFlagsOf(ownKind, [id]).then((flags): LibraryFlags => ({ [ownKind]: flags })) : null;
  const sections = keysOf(page.sections, ask.sections).map((key) => {
    const section = page.sections![key];
    const items = sectionOf(section.load(id));
    return Promise.all([key, items, items.then((shown) => itemFlagsOf(section.library, Array.isArray(shown) ? shown : null))] as const);
  });
  const lists = keysOf(page.lists, ask.lists).map((key) => {
    const list = page.lists![key];
    const first = firstPageOf(pagesFromStart((offset, limit) => list.load(id, offset, limit), list.limit, pages, list.firstLimit));
    return Promise.all([key, first, first.then((shown) => itemFlagsOf(list.library, typeof shown === 'object' && shown ? shown.items : null))] as const);
  });
  const head = Promise.all([entity, own]).then(([found, flags]): AreaSeed<T, S, L> => (found.data && flags ? { ...found, flags } : found));
  const whole = Promise.all([head, Promise.all(sections), Promise.all(lists)]).then(([first, shownSections, shownLists]): AreaSeed<T, S, L> => {
    if (!first.data) return first;
    const entityOf = first.data;
    const withEntity = (key: keyof L, shown: FirstPage<L[keyof L]>) => {
      const ofEntity = page.lists![key].ofEntity;
      return ofEntity && typeof shown === 'object' && shown ? ofEntity(shown, entityOf) : shown;
    };
    return {
      ...first,
      ...(shownSections.length > 0 ? { sections: Object.fromEntries(shownSections.map(([key, items]) => [key, items])) as AreaSeed<T, S, L>['sections'] } : {}),
      ...(shownLists.length > 0 ? { lists: Object.fromEntries(shownLists.map(([key, shown]) => [key, withEntity(key, shown)])) as AreaSeed<T, S, L>['lists'] } : {}),
      flags: mergedFlags([...shownSections.map(([, , flags]) => flags), ...shownLists.map(([, , flags]) => flags), first.flags ?? {}]),
    };
  });
  return { head, whole };
}

/** A detail page's seed whole, for a page that does not stream (a user, the own profile, the artist's full lists). */
export function loadDetailPage<T, S extends Record<string, unknown>, L extends Record<string, unknown>>(
  page: DetailPage<T, S, L>,
  id: string,
  ask: DetailAsk<S, L> = {},
  address?: URL,
): Promise<AreaSeed<T, S, L>> {
  return startDetailPage(page, id, ask, address).whole;
}

/** The ids of what a part of a page shows; none for a part that failed. */
export function idsOf(items: readonly { id: string }[] | null | undefined): string[] {
  return items?.map((item) => item.id) ?? [];
}

/** `listSeedOf`'s flags for a list of albums, artists or tracks: asked of the provider. */
export function askedFlags(kind: LibraryKind): (items: readonly { id: string }[]) => Promise<LibraryFlags> {
  return (items) => itemFlagsOf({ kind, idOf: ownId }, items);
}

/** Flags the page knows without asking: what a library list holds is in the library. */
export function heldFlags(ids: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(ids.map((id) => [id, true]));
}

/** A part of a page that may fail on its own (a section, a list, a flag): null, and the page shows the rest. */
export function partOf<T>(load: Promise<T>): Promise<T | null> {
  return load.catch(() => null);
}

/** A detail page's section as its seed holds it: its items; 'unavailable' when the provider does not offer it to this app; null when it failed. */
function sectionOf<T>(load: Promise<T[]>): Promise<T[] | null | 'unavailable'> {
  return load.catch((error: unknown) => (isUnavailable(error) ? 'unavailable' : null));
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 404: 'Not Found', 502: 'Bad Gateway' };

/** Answers a detail page with its status: 404 for SPEC's not-found message, 502 when the provider failed. */
export function answerFailure(Astro: Pick<AstroGlobal, 'response'>, failure: DetailFailure): void {
  const status = failure === 'not-found' ? 404 : failure === 'error' ? 502 : 200;
  Astro.response.status = status;
  Astro.response.statusText = STATUS_TEXT[status] ?? '';
}

/**
 * Carries out SPEC §8's decisions about this render's failed calls that leave the page: a
 * session the provider ended goes to /auth with 'Session Expired', a 403 on a bad request to
 * /access_denied (the session ends in both; those pages clear the browser's storage). Null
 * when the page renders. A page fetched ahead is a guess at the next click: its session is left
 * as it is, and nothing is said (a refusal it met ended the session silently, and the click met
 * /auth with no word, not /access_denied); the click, asked again, meets the refusal and leaves.
 * Unless a refresh the provider refused has ended the session already: /auth is told then.
 */
export async function leavingRedirect(Astro: SessionContext & Pick<AstroGlobal, 'redirect' | 'request'>): Promise<Response | null> {
  const leaving = pageLeaving();
  if (!leaving) return null;
  if (Astro.request.headers.has(AHEAD_HEADER)) {
    if ((await readTokens(Astro)) !== null) return Astro.redirect('/auth', 302);
  } else await endSession(Astro);
  if (leaving.kind === 'deny-access') return Astro.redirect(accessDeniedPath(leaving.message), 302);
  leaveNotice(Astro.cookies, 'session-expired');
  return Astro.redirect('/auth', 302);
}

/**
 * Whether this render's failed calls leave the page, and how: the first such decision. Before
 * the response, `leavingRedirect` carries it out; a part that streams after it (which can no
 * longer redirect, nor take the cookie away: it went with the response's start) tells
 * the browser in a mark, and the browser carries it out (ServerNotices.astro, shell-client.ts).
 */
export function pageLeaving(): PageLeaving | null {
  for (const outcome of pageOutcomes()) {
    if (outcome.type === 'expire-session') return { kind: 'expire-session' };
    if (outcome.type === 'deny-access') return { kind: 'deny-access', message: outcome.message };
  }
  return null;
}

/**
 * SPEC §8's toast for this render's failed calls (a 5xx's message, 'Something went wrong'): the
 * first one shows, once. The shell asks when it renders; a part that streams later asks again
 * and tells it only if the shell had none to tell.
 */
export function pageToast(): string | null {
  for (const outcome of pageOutcomes()) if (outcome.type === 'toast') return tellOnce('toast') ? outcome.message : null;
  return null;
}

/**
 * Whether this render's failed calls open SPEC §8's premium prompt (a 4xx with PREMIUM_REQUIRED):
 * once, as the toast; the shell's script opens it (ServerNotices.astro, shell-client.ts).
 */
export function pagePremiumPrompt(): boolean {
  return pageOutcomes().some((outcome) => outcome.type === 'premium-prompt') && tellOnce('premium-prompt');
}

/** What the library holds of these ids (SPEC §4's flags), by id; nothing when the provider could not say (the buttons then ask). */
export async function libraryFlagsOf(kind: LibraryKind, ids: readonly string[]): Promise<Record<string, boolean>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return {};
  const answers = await partOf(checkInLibrary(kind, unique));
  return answers ? Object.fromEntries(unique.map((id, index) => [id, answers[index] === true])) : {};
}

/** How long the session keeps the signed-in user's profile: the name and picture change seldom. */
const VIEWER_KEPT_MS = 10 * 60_000;
const VIEWER = 'viewer';

/** The signed-in user's profile (GET me), kept in the session a while so a page asks for it at most that often; null when the provider could not say. */
export async function viewerOf(context: SessionContext, now = Date.now()): Promise<UserProfile | null> {
  const kept = (await readSessionValue(context, VIEWER)) as { profile: UserProfile; at: number } | undefined;
  if (kept && now - kept.at < VIEWER_KEPT_MS) return kept.profile;
  const profile = await partOf(getMe());
  if (profile) await keepInSession(context, VIEWER, () => ({ profile, at: now }));
  return profile;
}

/**
 * How long a page whose data is ready waits for the read of what plays that started beside its
 * calls (a page the browser loads whole: src/middleware.ts), so that its rows show the player's
 * mark in the HTML. Without it the browser wakes a list holding the player's track to mark it,
 * loading React for a page nobody touched. The read runs beside the page's own calls, one or two
 * answers like theirs, so it is mostly there first; when it is not, the page's first byte (or its
 * streamed rows) waits this long at most. A part that shows no rows (a detail page's head) waits
 * for none.
 */
export const PLAYING_MARK_WAIT_MS = 50;

/** The seed, with the mark of the player its rows are rendered with when the server knows it (src/lib/playing-mark.ts, carried-seed.tsx). */
async function withShownMark<S>(seed: S): Promise<S> {
  const mark = await shownPlayingMark(PLAYING_MARK_WAIT_MS);
  if (!mark || !seed || typeof seed !== 'object') return seed;
  const marked: Marked<S> = { ...seed, [SHOWN_MARK]: mark };
  return marked;
}

/** `load`'s seed with the page's status (404, 502) answered, or the Response that leaves the page instead (SPEC §8's 401 and 403). */
async function decidedSeed<S extends { failure: DetailFailure }>(Astro: SessionContext & Pick<AstroGlobal, 'redirect' | 'response' | 'request'>, load: () => Promise<S>): Promise<S | Response> {
  const seed = await load();
  const leaving = await leavingRedirect(Astro);
  if (leaving) return leaving;
  answerFailure(Astro, seed.failure);
  return seed;
}

/**
 * A server-rendered page's data: what `load` seeds the page with, answered with its status
 * (404, 502), or the Response that leaves the page instead (SPEC §8's 401 and 403); its rows
 * marked as the player shows them (`withShownMark`).
 */
export async function pageSeed<S extends { failure: DetailFailure }>(Astro: SessionContext & Pick<AstroGlobal, 'redirect' | 'response' | 'request'>, load: () => Promise<S>): Promise<S | Response> {
  const seed = await decidedSeed(Astro, load);
  return seed instanceof Response ? seed : withShownMark(seed);
}

/**
 * The data of a page that streams (issue 27): the shell and the page's skeleton leave at once
 * and the content follows when `load` settles (`Streamed.astro`), so the browser fetches the
 * styles and scripts while the provider answers. Only for a page whose response no answer can
 * change: home and the recent plays show every failure in its section (SPEC §8: logged only),
 * and a page of one list at an address that names no id (Your Library and its lists, the own
 * profile's lists, new releases, popular playlists) shows its failed list in its place, with
 * Try again, so they have no status to choose, no redirect to make and no cookie to set once
 * their calls start. A session the provider ended meanwhile (401) is then met by the browser's
 * calls or the next page, which end it as SPEC §8 says.
 */
export function streamedSeed<S>(load: () => Promise<S>): Promise<S> {
  const seed = load().then(withShownMark);
  startStreaming();
  return seed;
}

/** A page in two parts: the head decides its status and redirects, the whole is everything it shows. */
export interface PageParts<S> {
  head: Promise<S>;
  whole: Promise<S>;
}

/** What a two-part page renders: its seed, and the rest's promise when the rest streams after it. */
export interface SplitPage<S> {
  seed: S;
  rest: Promise<S> | null;
}

/**
 * How long a page whose head is ready waits for the rest before it streams: no longer than a
 * turn of the event loop, so a rest already there (a warm cache) renders whole. Measured turn
 * about (bench/streaming.ts, BENCHMARKS), a 50 ms wait cost a slow provider's pages 50 ms on
 * their first byte and their heading, and 25-40 ms on their first track, and gave loopback
 * nothing its noise did not hide: the partial page's extra layout is cheap.
 */
export const STREAM_GRACE_MS = 0;

/**
 * A detail page that streams when it helps (issue 27): the head (the entity and its flag) is
 * one answer away and decides the status and SPEC §8's redirects; the rest needs two in a row
 * (a list, then its flags). The page renders whole if the rest is there within `graceMs`, and
 * otherwise leaves with the head while the rest streams (`rest`). A page that leaves or fails
 * shows nothing more, but waits for the rest: no call outlives its response.
 */
export async function splitPageSeed<S extends { failure: DetailFailure }>(
  Astro: SessionContext & Pick<AstroGlobal, 'redirect' | 'response' | 'request'>,
  parts: PageParts<S>,
  graceMs = STREAM_GRACE_MS,
): Promise<SplitPage<S> | Response> {
  // The head shows no rows: it waits for no mark of the player (the rows, whole or streamed, do).
  const head = await decidedSeed(Astro, () => parts.head);
  if (head instanceof Response || head.failure) {
    await parts.whole;
    return head instanceof Response ? head : { seed: head, rest: null };
  }
  const soon = await settledWithin(parts.whole, graceMs);
  // Nothing has left yet, so what the rest's calls met still decides as the head's did (a 401 leaves).
  if (soon) return (await leavingRedirect(Astro)) ?? { seed: await withShownMark(soon.value), rest: null };
  return { seed: head, rest: streamedSeed(() => parts.whole) };
}
