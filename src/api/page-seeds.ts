import type { DetailFailure, FirstPage, LibraryFlags } from './page-shapes';
import type { Section } from '../lib/part-state';
import type { HomeState } from './home';
import type { Album, Artist, Category, Playback, Playlist, PlayQueue, SearchResults, SearchType, Track } from './types';

/** What the server renders for / (home): every section settled, and the flags of what they show. */
export interface HomeSeed {
  home: HomeState;
  flags?: LibraryFlags;
  /** Home has no entity: it never fails as a whole (each section does on its own). */
  failure: null;
}

/** What the server renders for /track/recent-played: the recent plays, settled, with their hearts. */
export interface RecentPlayedSeed {
  recentPlays: Section<Track>;
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
 * provider says, on whichever device (null when nothing is loaded or the answer failed), the
 * heart of its track and the queue; the player card's seed on every page has all but the queue.
 */
export interface NowPlayingSeed {
  playback: Playback | null;
  /** With no playback at the provider: the last played track, which the view shows paused (as every tab's player does). */
  lastPlayed?: Track | null;
  /** The context (album, playlist, artist) the last played track was played in: Play resumes it there. */
  lastPlayedContextUri?: string | null;
  flags?: LibraryFlags;
  /** The view's open queue as the provider said (null: the call failed); absent from the card's seed, which shows no queue. */
  queue?: PlayQueue | null;
  failure: null;
}
