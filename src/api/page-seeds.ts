import type { LibraryKind } from './library';
import type { HomeSection, HomeState } from './home';
import type { Album, Artist, Category, Page, Playback, Playlist, SearchResults, SearchType, Track } from './types';

/** How a detail page failed, for the page to say so: SPEC §4's not-found message, DESIGN §2's note, or the error screen. */
export type DetailFailure = 'not-found' | 'unavailable' | 'error' | null;

/**
 * A list's first page as the server got it: null when it failed, 'unavailable' when the provider
 * does not offer it to this app (DESIGN §2), 'not-found' when what it belongs to is not there.
 */
export type FirstPage<T> = Page<T> | 'unavailable' | 'not-found' | null;

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
  sections?: { [K in keyof S]?: S[K][] | null };
  /** A list's first page, null when it failed, 'unavailable' when the provider does not offer it to this app. */
  lists?: { [K in keyof L]?: FirstPage<L[K]> };
  /** What the server saw in the library, by kind and id: the page's own Save or Follow, its tracks' hearts, its cards' buttons. */
  flags?: LibraryFlags;
}

/** What the server renders for / (home): every section settled, and the flags of what they show. */
export interface HomeSeed {
  home: HomeState;
  flags?: LibraryFlags;
  /** Home has no entity: it never fails as a whole (each section does on its own). */
  failure: null;
}

/** What the server renders for /track/recent-played: the recent plays, settled, with their hearts. */
export interface RecentPlayedSeed {
  recentPlays: HomeSection<Track>;
  flags?: LibraryFlags;
  failure: null;
}

/**
 * What the server renders for a page that shows one paged list (new releases, Saved Albums,
 * see-all…): its first page, the flags of what it shows, and the provider's own title where
 * the list has one (a category's name). The page fails as a whole only when its list belongs
 * to something that is not there (an unknown category: 404).
 */
export interface ListSeed<T> {
  page: FirstPage<T>;
  title?: string;
  flags?: LibraryFlags;
  failure: DetailFailure;
}

/**
 * What the server renders for /search: without q the category browse's first page, with q the
 * four result sections (null when the search failed) and the flags of what they show.
 */
export interface SearchSeed {
  /** q as the page uses it (cut to 30, trimmed); '' shows the category browse. */
  query: string;
  categories?: ListSeed<Category>;
  results?: SearchResults | null;
  flags?: LibraryFlags;
  failure: null;
}

/** What the server renders for /search/{type}/{query}: one type's first page. */
export type SeeAllSeed = ListSeed<Track | Artist | Album | Playlist> & { type: SearchType; query: string };

/**
 * What the server renders for /player (the Now Playing view): the account's playback as the
 * provider says, on whichever device (null when nothing is loaded or the answer failed), and
 * the heart of its track.
 */
export interface NowPlayingSeed {
  playback: Playback | null;
  /** With no playback at the provider: the last played track, which the view shows paused (as every tab's player does). */
  lastPlayed?: Track | null;
  flags?: LibraryFlags;
  failure: null;
}
