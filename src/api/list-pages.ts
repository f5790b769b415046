import { getSavedAlbums } from './albums';
import { getCategories, getNewReleases } from './browse';
import { ownId, type ItemFlag } from './page-shapes';
import { FOLLOWING_FULL_LIST, getFollowingPage, getSavedTracks, getTopArtists, getTopTracks } from './me';
import { getMyPlaylists } from './playlists';
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

/** /album/new-release: new releases with their Save buttons. */
export const newReleasesPage: ListPage<Album> = { load: getNewReleases, limit: LIST_PAGE_SIZE, library: { kind: 'album', idOf: ownId } };

/** /search without q: the category browse (the search page's list when nothing is searched). */
export const categoriesPage: ListPage<Category> = { load: getCategories, limit: LIST_PAGE_SIZE };

/** /collection/albums and /user/me/saved-albums: saved, by definition. */
export const savedAlbumsPage: ListPage<SavedAlbum> = {
  load: getSavedAlbums,
  limit: LIST_PAGE_SIZE,
  library: { kind: 'album', idOf: (saved) => saved.album.id, held: true },
};

/** /collection/tracks and /user/me/saved-tracks: Liked Songs, liked by definition. */
export const likedSongsPage: ListPage<SavedTrack> = {
  load: getSavedTracks,
  limit: LIST_PAGE_SIZE,
  library: { kind: 'track', idOf: (saved) => saved.track.id, held: true },
};

/** /collection: Your Library's playlists. */
export const myPlaylistsPage: ListPage<Playlist> = { load: getMyPlaylists, limit: LIST_PAGE_SIZE };

/** /user/me/top-tracks with their hearts. */
export const topTracksPage: ListPage<Track> = { load: getTopTracks, limit: LIST_PAGE_SIZE, library: { kind: 'track', idOf: ownId } };

/** /user/me/top-artists with their Follow buttons. */
export const topArtistsPage: ListPage<Artist> = { load: getTopArtists, limit: LIST_PAGE_SIZE, library: { kind: 'artist', idOf: ownId } };

/** /user/me/following: one page of 50 followed artists (SPEC §7; the provider pages them by cursor), followed by definition. */
export const followingPage: ListPage<Artist> = {
  load: () => getFollowingPage(),
  limit: FOLLOWING_FULL_LIST,
  library: { kind: 'artist', idOf: ownId, held: true },
};
