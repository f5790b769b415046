import type { PageStart } from '../lib/list-paging';
import type { LibraryKind } from './library';
import type { Page } from './types';

// The shapes server-rendered pages are made of, as both sides read them: the seed a detail page
// travels to the browser in, the flags of a list's items, and a detail page's definition, which
// the server renders from and the browser's store continues from. Types and one helper only, so
// that a resource module defines its page beside its calls without importing another resource.

/** How a detail page failed, for the page to say so: SPEC §4's not-found message, DESIGN §2's note, or the error screen. */
export type DetailFailure = 'not-found' | 'unavailable' | 'error' | null;

/**
 * A list's first page as the server got it: null when it failed, 'unavailable' when the provider
 * does not offer it to this app (DESIGN §2), 'not-found' when what it belongs to is not there.
 * With JavaScript off the address may ask for several pages at once (`?pages=`), joined into one
 * (src/lib/list-paging.ts `pagesFromStart`), which says where the last of them begins.
 */
export type FirstPage<T> = (Page<T> & { lastPageStart?: PageStart }) | 'unavailable' | 'not-found' | null;

/** Library flags by kind and id (SPEC §4: saved albums, liked tracks, followed artists and users). */
export type LibraryFlags = Partial<Record<LibraryKind, Record<string, boolean>>>;

/**
 * What the server rendered for one id of a detail area (album, artist, playlist, user):
 * plain data, since it travels to the browser in the island's props, where the area's
 * stores adopt it. A section or list that failed on the server is null.
 */
export interface AreaSeed<T, S extends Record<string, unknown> = Record<string, never>, L extends Record<string, unknown> = Record<string, never>> {
  id: string;
  /** SPEC §4's new random background per load, picked by the server. */
  background: string;
  data: T | null;
  failure: DetailFailure;
  /** A section's items, null when it failed, 'unavailable' when the provider does not offer it to this app. */
  sections?: { [K in keyof S]?: S[K][] | null | 'unavailable' };
  /** A list's first page, null when it failed, 'unavailable' when the provider does not offer it to this app. */
  lists?: { [K in keyof L]?: FirstPage<L[K]> };
  /** What the server saw in the library, by kind and id: the page's own Save or Follow, its tracks' hearts, its cards' buttons. */
  flags?: LibraryFlags;
}

/**
 * The library flag each item of a list shows (a Save, Follow or Like button), by its id; `held`
 * when being in the list means being in the library (Liked Songs, Saved Albums, Your
 * Following), so nobody asks the provider.
 */
export interface ItemFlag<T> {
  kind: LibraryKind;
  idOf: (item: T) => string;
  held?: boolean;
}

/** The id of an item that is itself what its button saves, follows or likes. */
export const ownId = (item: { id: string }) => item.id;

/** A section of a detail page: one answer, shown whole (Popular Tracks, Fans Also like), hidden when it fails. */
export interface DetailSection<T> {
  load: (id: string) => Promise<T[]>;
  library?: ItemFlag<T>;
}

/** A paged list of a detail page (an album's tracks): its first page, then the browser's next ones. */
export interface DetailList<T, E> {
  load: (id: string, offset: number, limit: number) => Promise<Page<T>>;
  /** The size of every page the browser asks after the first. */
  limit: number;
  /** The first page's size when it differs (the album page shows 20 tracks first). */
  firstLimit?: number;
  /** What the entity adds to a page of the list (an album's tracks carry no album of their own). */
  ofEntity?: (page: Page<T>, entity: E) => Page<T>;
  library?: ItemFlag<T>;
}

/**
 * A detail page (album, artist, playlist, user, own profile) as both sides need it: the server
 * renders its entity, sections and first pages (`startDetailPage`, src/server/page-data.ts) and
 * the browser's area asks for the next pages and for ids not rendered (`createDetailArea`,
 * src/stores/detail-area.ts). One definition, so the two cannot disagree on a page's size or on
 * how the flags of what it shows are known.
 */
export interface DetailPage<T, S extends Record<string, unknown> = Record<string, never>, L extends Record<string, unknown> = Record<string, never>> {
  /** The entity; a rejection is the page's failure (not found, unavailable, the error screen). */
  load: (id: string) => Promise<T>;
  /** The page's own Save or Follow button. */
  library?: LibraryKind;
  sections?: { [K in keyof S]: DetailSection<S[K]> };
  lists?: { [K in keyof L]: DetailList<L[K], T> };
}

/** The parts of a detail page a route shows (the artist's albums page shows its albums and heading only); all of them when not said. */
export interface DetailAsk<S, L> {
  sections?: readonly (keyof S)[];
  lists?: readonly (keyof L)[];
  /** The page's own Save or Follow button. */
  own?: boolean;
}

/** What the server renders for a detail page: its seed, which the area's stores adopt. */
export type DetailSeed<P> = P extends DetailPage<infer T, infer S, infer L> ? AreaSeed<T, S, L> : never;
