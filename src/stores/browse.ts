import { atom } from 'nanostores';
import { getCategories, getCategoryPlaylists, getFeaturedPlaylists } from '../api/browse';
import { LIST_PAGE_SIZE, newReleasesPage } from '../api/list-pages';
import type { Category, Playlist } from '../api/types';
import { createPagedList, type PageLoader } from './paged-list';
import { listArea, listPageArea } from './list-area';
import { searchQueryOf } from './search-box';

/** The category browse on /search. */
export const categoriesList = createPagedList<Category>((offset, limit) => getCategories(offset, limit), LIST_PAGE_SIZE);

let categoryId = '';
/** The title of the open category or featured list (the response's message). */
export const $playlistListTitle = atom('');

const categoryLoader: PageLoader<Playlist> = async (offset, limit) => {
  const answer = await getCategoryPlaylists(categoryId, offset, limit);
  if (offset === 0) $playlistListTitle.set(answer.message);
  return answer.playlists;
};

/** A category's playlists, as many per page as the server's first (loadCategoryPlaylistsPage). */
export const categoryPlaylistsList = createPagedList<Playlist>(categoryLoader, LIST_PAGE_SIZE);

/** /playlist/popular: the featured playlists, as many per page as the server's first (loadPopularPlaylistsPage). */
export const featuredPlaylistsList = createPagedList<Playlist>(async (offset, limit) => {
  const answer = await getFeaturedPlaylists(offset, limit);
  if (offset === 0) $playlistListTitle.set(answer.message);
  return answer.playlists;
}, LIST_PAGE_SIZE);

// Browse lists load when their pages are entered and repaint from memory on return
// (the category browse lives on /search).
export const { list: newReleasesList, area: newReleasesArea } = listPageArea(newReleasesPage, ['newRelease']);
// The category browse is /search without q.
export const categoriesArea = listArea(categoriesList, ['search'], { shows: (route) => searchQueryOf(route) === '' });
export const featuredPlaylistsArea = listArea(featuredPlaylistsList, ['popularPlaylists'], { title: $playlistListTitle });
export const categoryPlaylistsArea = listArea(categoryPlaylistsList, ['categoryPlaylists'], {
  start: (route) => {
    categoryId = route.params.categoryId ?? '';
  },
  title: $playlistListTitle,
});
