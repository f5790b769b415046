import { getSavedAlbums } from './albums';
import { getCategories, getNewReleases } from './browse';
import { ownId, type ItemFlag } from './page-shapes';
import { FOLLOWING_FULL_LIST, getFollowingPage, getSavedTracks, getTopArtists, getTopTracks } from './me';
import { getMyPlaylists } from './playlists';
import type { RouteName } from '../lib/routes';
import type { Album, Artist, Category, Page, Playlist, SavedAlbum, SavedTrack, Track } from './types';

/** How many items a list page asks at a time: the server's first page, then each page the browser adds. */
export const LIST_PAGE_SIZE = 20;

/**
 * A page that shows one paged list, as both sides need it: the server renders its first page
 * (`loadListPage`, src/server/page-data.ts) and the browser's list asks for the next ones from
 * there (`listPageArea`, src/stores/list-area.ts). One definition, so the two cannot disagree
 * on the size of a page (the browser would skip or repeat items) or on how the flags of what
 * the list shows are known.
 */
export interface ListPage<T> {
  /** The provider's page at `offset`. */
  load: (offset: number, limit: number) => Promise<Page<T>>;
  limit: number;
  library?: ItemFlag<T>;
}

/** /search without q: the category browse (the search page's list when nothing is searched). */
export const categoriesPage: ListPage<Category> = { load: getCategories, limit: LIST_PAGE_SIZE };

/** /collection: Your Library's playlists (the page shows more than the list: its own island). */
export const myPlaylistsPage: ListPage<Playlist> = { load: getMyPlaylists, limit: LIST_PAGE_SIZE };

/** What each item of a list page stands for, picked out of it: the tiles or rows the page shows. */
export type ItemsShown<T> =
  | { as: 'albums'; albumOf: (item: T) => Album }
  | { as: 'tracks'; trackOf: (item: T) => Track }
  | { as: 'artists'; artistOf: (item: T) => Artist };

/**
 * A page that is one list and nothing else: its definition, the routes that show it and what its
 * items stand for are all the app needs to know of it. The browser's list of each is made from
 * here (`listPageAreas`, src/stores/list-pages.ts), and one island shows any of them
 * (`ListPageView`, src/islands/browse/ListPageView.tsx), so a new page of one list is its route,
 * its line here and its page file.
 */
export interface WholeListPage<T> extends ListPage<T> {
  routes: readonly RouteName[];
  shows: ItemsShown<T>;
}

/** A definition checked against its item type (each entry of the registry keeps its own). */
const wholeListPage = <T>(page: WholeListPage<T>): WholeListPage<T> => page;

const self = <T>(item: T): T => item;

/** Every page of one list, by name: the page file gives the name to `ListPageView`. */
export const LIST_PAGES = {
  /** /album/new-release: new releases with their Save buttons. */
  newReleases: wholeListPage<Album>({
    load: getNewReleases,
    limit: LIST_PAGE_SIZE,
    library: { kind: 'album', idOf: ownId },
    routes: ['newRelease'],
    shows: { as: 'albums', albumOf: self },
  }),
  /** /collection/albums and /user/me/saved-albums: saved, by definition. */
  savedAlbums: wholeListPage<SavedAlbum>({
    load: getSavedAlbums,
    limit: LIST_PAGE_SIZE,
    library: { kind: 'album', idOf: (saved) => saved.album.id, held: true },
    routes: ['collectionAlbums', 'mySavedAlbums'],
    shows: { as: 'albums', albumOf: (saved) => saved.album },
  }),
  /** /collection/tracks and /user/me/saved-tracks: Liked Songs, liked by definition. */
  likedSongs: wholeListPage<SavedTrack>({
    load: getSavedTracks,
    limit: LIST_PAGE_SIZE,
    library: { kind: 'track', idOf: (saved) => saved.track.id, held: true },
    routes: ['collectionTracks', 'mySavedTracks'],
    shows: { as: 'tracks', trackOf: (saved) => saved.track },
  }),
  /** /user/me/top-tracks with their hearts. */
  topTracks: wholeListPage<Track>({
    load: getTopTracks,
    limit: LIST_PAGE_SIZE,
    library: { kind: 'track', idOf: ownId },
    routes: ['myTopTracks'],
    shows: { as: 'tracks', trackOf: self },
  }),
  /** /user/me/top-artists with their Follow buttons. */
  topArtists: wholeListPage<Artist>({
    load: getTopArtists,
    limit: LIST_PAGE_SIZE,
    library: { kind: 'artist', idOf: ownId },
    routes: ['myTopArtists'],
    shows: { as: 'artists', artistOf: self },
  }),
  /** /user/me/following: one page of 50 followed artists (SPEC §7; the provider pages them by cursor), followed by definition. */
  following: wholeListPage<Artist>({
    load: () => getFollowingPage(),
    limit: FOLLOWING_FULL_LIST,
    library: { kind: 'artist', idOf: ownId, held: true },
    routes: ['myFollowing'],
    shows: { as: 'artists', artistOf: self },
  }),
};

export type ListPageName = keyof typeof LIST_PAGES;
