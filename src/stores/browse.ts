import { atom } from 'nanostores';
import { getCategories, getCategoryPlaylists, getFeaturedPlaylists, getNewReleases } from '../api/browse';
import type { Album, Category, Playlist } from '../api/types';
import { createPagedList, type PageLoader } from './paged-list';
import { checkLibraryOf } from './library';
import { listArea } from './list-area';
import { searchQueryOf } from './search-box';

/** /album/new-release: new releases, 20 per page. */
export const newReleasesList = createPagedList<Album>((offset, limit) => getNewReleases(offset, limit), 20);

/** The category browse on /search, 20 per page. */
export const categoriesList = createPagedList<Category>((offset, limit) => getCategories(offset, limit), 20);

let categoryId = '';
/** The title of the open category or featured list (the response's message). */
export const $playlistListTitle = atom('');

const categoryLoader: PageLoader<Playlist> = async (offset, limit) => {
  const answer = await getCategoryPlaylists(categoryId, offset, limit);
  if (offset === 0) $playlistListTitle.set(answer.message);
  return answer.playlists;
};

/** A category's playlists, 20 per page. */
export const categoryPlaylistsList = createPagedList<Playlist>(categoryLoader, 20);

/** /playlist/popular: the featured playlists, 20 per page. */
export const featuredPlaylistsList = createPagedList<Playlist>(async (offset, limit) => {
  const answer = await getFeaturedPlaylists(offset, limit);
  if (offset === 0) $playlistListTitle.set(answer.message);
  return answer.playlists;
}, 20);

// Browse lists load when their pages are entered and repaint from memory on return
// (the category browse lives on /search).
export const newReleasesArea = listArea(newReleasesList, ['newRelease']);
// The category browse is /search without q.
export const categoriesArea = listArea(categoriesList, ['search'], { shows: (route) => searchQueryOf(route) === '' });
export const featuredPlaylistsArea = listArea(featuredPlaylistsList, ['popularPlaylists'], { title: $playlistListTitle });
export const categoryPlaylistsArea = listArea(categoryPlaylistsList, ['categoryPlaylists'], {
  start: (route) => {
    categoryId = route.params.categoryId ?? '';
  },
  title: $playlistListTitle,
});

// The Save buttons of /album/new-release.
checkLibraryOf('album', newReleasesList.$state, (state) => state.list.map((album) => album.id));
