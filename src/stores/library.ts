import { map, onNotify, type MapStore, type ReadableAtom } from 'nanostores';
import { addToLibrary, checkInLibrary, removeFromLibrary, type LibraryKind } from '../api/library';
import type { ItemFlag, LibraryFlags } from '../api/page-shapes';
import { hearOtherTabs, tellOtherTabs } from '../lib/tab-news';
import { logUnlessCanceled } from './log';

export type { LibraryKind };

type Flags = MapStore<Record<string, boolean>>;
const flags = (): Record<LibraryKind, Flags> => ({ track: map({}), album: map({}), artist: map({}), user: map({}) });

/**
 * What is in the user's library, by kind and id: liked tracks, saved albums,
 * followed artists and users (true/false; absent means not asked yet). One
 * store, so a like or a save shows at once on every page and on the player card.
 */
export const $inLibrary: Record<LibraryKind, Flags> = flags();

/** Ids whose Save, Follow or like button is waiting for the provider (its loading state). */
export const $libraryPending: Record<LibraryKind, Flags> = flags();

/**
 * Ids whose last check failed and that no check has learnt since: a page's own Save or Follow
 * button is offered anyway, and its click asks first (toggleInLibrary).
 */
export const $libraryCheckFailed: Record<LibraryKind, Flags> = flags();

/** The liked tracks (the hearts of every track row and the player card). */
export const $likedTracks = $inLibrary.track;

/**
 * When this tab learnt each flag it knows (ms since the epoch): from the provider (a check, a
 * toggle's answer) or from a page that showed it (as of that page's fetch). A page shown from
 * memory says what the library was when it was fetched, so it only tells flags learnt before.
 */
const learntAt: Record<LibraryKind, Map<string, number>> = { track: new Map(), album: new Map(), artist: new Map(), user: new Map() };

/** Sets flags this tab has just learnt (the provider's word, or what it did itself). */
function learn(kind: LibraryKind, learnt: Record<string, boolean>, at = Date.now()): void {
  for (const id of Object.keys(learnt)) learntAt[kind].set(id, at);
  $inLibrary[kind].set({ ...$inLibrary[kind].get(), ...learnt });
}

/**
 * Whether a page's flag replaces the one this tab knows: unless the tab learnt its own after that
 * page was fetched (a like here, a newer page's word, the provider's answer). `pageAsOf` is when
 * the page was asked of the site, as the router or the browser asked for it, kept or not.
 */
export function pageFlagWins(knownAt: number | undefined, pageAsOf: number): boolean {
  return knownAt === undefined || knownAt <= pageAsOf;
}

// Ids whose contains check is on its way, so two lists showing one track ask once.
const asking: Record<LibraryKind, Set<string>> = { track: new Set(), album: new Set(), artist: new Set(), user: new Set() };

const flagEntries = (flags: LibraryFlags | undefined) => Object.entries(flags ?? {}) as [LibraryKind, Record<string, boolean>][];

/**
 * What the server saw in the library for the page it rendered (SPEC §4's flags), kept like an
 * answer, as of `pageAsOf`: when the page on screen was asked for (stores/page-memory.ts
 * `$pageAsOf`; kept pages were asked earlier). A flag this tab learnt since stays (`pageFlagWins`).
 */
export function adoptLibraryFlags(flags: LibraryFlags | undefined, pageAsOf = Date.now(), from?: LibraryList): void {
  for (const [kind, seen] of flagEntries(flags)) {
    const known = $inLibrary[kind].get();
    const taken = Object.entries(seen).filter(([id]) => known[id] === undefined || pageFlagWins(learntAt[kind].get(id), pageAsOf));
    if (taken.length === 0) continue;
    learn(kind, Object.fromEntries(taken), pageAsOf);
    // News of a change made elsewhere (another tab, another device): the remembered lists of this
    // kind show the library as it was, as after a toggle here. A flag known before is news when it
    // differs; one not known, only to a list known to lack it (held whole, without it): a page's
    // hearts name liked tracks past what Liked Songs loaded on nearly every page, and taking them
    // for news forgot its kept page, so Back asked the site. Not to the list whose own page it is.
    const changed = taken.filter(([id, inLibrary]) => known[id] !== undefined && known[id] !== inLibrary);
    const unknownIn = taken.filter(([id, inLibrary]) => known[id] === undefined && inLibrary).map(([id]) => id);
    for (const list of listsOf[kind]) {
      if (list !== from && (changed.length > 0 || unknownIn.some((id) => list.lacks?.(id) ?? false))) list.forget();
    }
  }
}

/** The flags the server saw, by store: what a server-rendered island reads of the library (server-snapshot.tsx). */
export function librarySnapshot(flags: LibraryFlags | undefined): [store: unknown, value: Record<string, boolean>][] {
  return flagEntries(flags).map(([kind, seen]) => [$inLibrary[kind], seen]);
}

/** Asks the provider which of these are in the library (only those neither known nor being asked). */
export async function checkLibrary(kind: LibraryKind, ids: readonly string[]): Promise<void> {
  const known = $inLibrary[kind].get();
  const unknown = [...new Set(ids)].filter((id) => id !== '' && known[id] === undefined && !asking[kind].has(id));
  if (unknown.length === 0) return;
  for (const id of unknown) asking[kind].add(id);
  const failed = $libraryCheckFailed[kind];
  if (unknown.some((id) => failed.get()[id])) failed.set(Object.fromEntries(Object.entries(failed.get()).filter(([id]) => !unknown.includes(id))));
  try {
    const answers = await checkInLibrary(kind, unknown);
    // A flag a toggle set while the question was out is newer than this answer: it stands.
    const now = $inLibrary[kind].get();
    const pending = $libraryPending[kind].get();
    const news = unknown.flatMap((id, index) => (now[id] === undefined && !pending[id] ? [[id, answers[index] === true] as const] : []));
    if (news.length > 0) learn(kind, Object.fromEntries(news));
  } catch (error) {
    logUnlessCanceled(`Could not check the library (${kind})`, error);
    const still = unknown.filter((id) => $inLibrary[kind].get()[id] === undefined);
    if (still.length > 0) failed.set({ ...failed.get(), ...Object.fromEntries(still.map((id) => [id, true])) });
  } finally {
    for (const id of unknown) asking[kind].delete(id);
  }
}

/**
 * Reaction: whenever a store that shows albums, artists or users changes, asks
 * once which of its new ones are saved or followed (one request per change, not per card).
 */
export function checkLibraryOf<V>(kind: LibraryKind, $store: ReadableAtom<V>, ids: (value: V) => readonly string[]): void {
  onNotify($store, () => void checkLibrary(kind, ids($store.get())));
}

/**
 * Reaction: whenever a store that shows tracks changes, asks once whether its
 * new tracks are liked, so every row's heart is right without a request per row.
 */
export function checkLikesOf<V>($store: ReadableAtom<V>, trackIds: (value: V) => readonly string[]): void {
  checkLibraryOf('track', $store, trackIds);
}

/** Reaction: a list of the library itself (Liked Songs, Saved Albums, Your Following) needs no question. */
export function knownInLibraryOf<V>(kind: LibraryKind, $store: ReadableAtom<V>, ids: (value: V) => readonly string[]): void {
  onNotify($store, () => {
    const known = $inLibrary[kind].get();
    const fresh = ids($store.get()).filter((id) => known[id] === undefined);
    if (fresh.length > 0) learn(kind, Object.fromEntries(fresh.map((id) => [id, true])));
  });
}

/**
 * Reaction: the flags of the items a store shows kept right as it changes, as the list's
 * definition says (`ItemFlag`): known without asking when being in the list means being in the
 * library (held), asked about each new item otherwise. The server decides the same way for its
 * first page (`itemFlagsOf`, src/server/page-data.ts).
 */
export function keepItemFlagsOf<V, I>(flag: ItemFlag<I> | undefined, $store: ReadableAtom<V>, items: (value: V) => readonly I[]): void {
  if (!flag) return;
  const ids = (value: V) => items(value).map(flag.idOf);
  if (flag.held) knownInLibraryOf(flag.kind, $store, ids);
  else checkLibraryOf(flag.kind, $store, ids);
}

/** Records a flag learnt elsewhere (the player's contains check). */
export function rememberLiked(id: string, liked: boolean): void {
  learn('track', { [id]: liked });
}

/** A list of the library (Liked Songs, Saved Albums, Your Following), or an area showing one, as a change of the library reaches it. */
export interface LibraryList {
  /** What is remembered of it goes: it shows the library as it was. */
  forget: () => void;
  /** The provider's list changed under the one on screen: `id` went in (at its front) or out. */
  changed?: (id: string, inLibrary: boolean) => void;
  /** Whether it is known to lack `id`, which is in the library: a list of it held whole, without it. */
  lacks?: (id: string) => boolean;
}

// A change to the library makes the remembered library lists stale, and moves the ones on screen.
const listsOf: Record<LibraryKind, LibraryList[]> = { track: [], album: [], artist: [], user: [] };

/** Registers what a change of this kind makes stale (a remembered list or area), told of every change. */
export function forgetOnChange(kind: LibraryKind, stale: LibraryList): void {
  listsOf[kind].push(stale);
}

/** The provider took a change of the library (here, or in another tab): the flag, and the lists it moves or makes stale. */
function followLibraryChange(kind: LibraryKind, id: string, inLibrary: boolean): void {
  learn(kind, { [id]: inLibrary });
  for (const list of listsOf[kind]) {
    list.changed?.(id, inLibrary);
    list.forget();
  }
}

const isLibraryKind = (kind: string): kind is LibraryKind => Object.hasOwn($inLibrary, kind);

/**
 * Follows another tab's presses, as its provider answered them (src/lib/tab-news.ts), from the
 * shell's start. Heard only while a flag was on screen, the news missed a page nobody had touched
 * yet (its islands not hydrated): its button then hydrated with the page's flag, "Save" for an
 * album saved meanwhile, and a press sent the save again. Learnt now, it outlives the page's flag
 * (adoptLibraryFlags: a flag learnt after the page was fetched wins), and the remembered lists of
 * its kind go stale as after a press here. One this tab knows already moves no list again.
 * Called once by the shell's script; gives a way to stop, for tests.
 */
export function followLibraryElsewhere(): () => void {
  return hearOtherTabs('library', (news) => {
    if (!isLibraryKind(news.kind)) return;
    if ($inLibrary[news.kind].get()[news.id] === news.inLibrary) learn(news.kind, { [news.id]: news.inLibrary });
    else followLibraryChange(news.kind, news.id, news.inLibrary);
  });
}

/** What a press of a library button did (changeInLibrary). */
export type LibraryChange = 'added' | 'removed' | null;

/**
 * SPEC §4's toggle: acts on the current value (follow-user sends its negation),
 * shows the loading state, ignores a second click meanwhile, and flips the flag
 * only when the provider answered 200/204. On a failure the flag stays and the
 * API client has already shown the catalogue's toast. Resolves to what it did, told
 * by the provider's answer, not by the flag (another tab's news may move it meanwhile):
 * 'added', 'removed', or null for nothing (a click while one is on its way, a refusal, or
 * a flag no check could learn that the provider says is on already).
 */
export async function changeInLibrary(kind: LibraryKind, id: string): Promise<LibraryChange> {
  if ($libraryPending[kind].get()[id]) return null;
  $libraryPending[kind].setKey(id, true);
  try {
    // A flag no check could learn (the provider failed it): the button offered the change from
    // off ("Save", "Follow"), so the provider is asked first, and one already on is left on.
    if ($inLibrary[kind].get()[id] === undefined) {
      const [saved] = await checkInLibrary(kind, [id]);
      if (saved === true) {
        learn(kind, { [id]: true });
        return null;
      }
    }
    const current = $inLibrary[kind].get()[id] === true;
    if (current) await removeFromLibrary(kind, [id]);
    else await addToLibrary(kind, [id]);
    followLibraryChange(kind, id, !current);
    tellOtherTabs({ topic: 'library', kind, id, inLibrary: !current });
    return current ? 'removed' : 'added';
  } catch (error) {
    logUnlessCanceled(`Could not change the library (${kind})`, error);
    return null;
  } finally {
    $libraryPending[kind].setKey(id, false);
  }
}

/** A library button's press (changeInLibrary); resolves to the flag as it is afterwards. */
export async function toggleInLibrary(kind: LibraryKind, id: string): Promise<boolean> {
  await changeInLibrary(kind, id);
  return $inLibrary[kind].get()[id] === true;
}

/** Likes or unlikes a track (Save to Liked / Remove from Liked). */
export function toggleLikeTrack(id: string): Promise<boolean> {
  return toggleInLibrary('track', id);
}
