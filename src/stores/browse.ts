import { atom } from 'nanostores';
import { getCategoryPlaylists, getFeaturedPlaylists } from '../api/browse';
import { categoriesPage, LIST_PAGE_SIZE } from '../api/list-pages';
import type { Playlist } from '../api/types';
import { createPagedList, type PageLoader } from './paged-list';
import { listArea, listPageArea } from './list-area';
import { searchQueryOf } from './search-box';

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

// Browse lists load when their pages are entered and repaint from memory on return (new
// releases, a page of one list, is made with the others: src/stores/list-pages.ts).
// The category browse is /search without q.
export const { list: categoriesList, area: categoriesArea } = listPageArea(categoriesPage, ['search'], { shows: (route) => searchQueryOf(route) === '' });
export const featuredPlaylistsArea = listArea(featuredPlaylistsList, ['popularPlaylists'], { title: $playlistListTitle });
export const categoryPlaylistsArea = listArea(categoryPlaylistsList, ['categoryPlaylists'], {
  start: (route) => {
    categoryId = route.params.categoryId ?? '';
  },
  title: $playlistListTitle,
});
