import { atom, onMount } from 'nanostores';
import { getCategories, getCategoryPlaylists, getFeaturedPlaylists, getNewReleases } from '../api/browse';
import { isUnavailable } from '../api/errors';
import type { Album, Category, Playlist } from '../api/types';
import { createPagedList, type PageLoader } from './paged-list';
import { listOnRoute, onRoute } from './route';

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

/** Opens a category's playlists. */
export async function loadCategoryPlaylists(id: string): Promise<void> {
  categoryId = id;
  $playlistListTitle.set('');
  categoryPlaylistsList.reset();
  await categoryPlaylistsList.loadFirstPage();
}

/** /playlist/popular: the featured playlists, 20 per page. */
export const featuredPlaylistsList = createPagedList<Playlist>(async (offset, limit) => {
  const answer = await getFeaturedPlaylists(offset, limit);
  if (offset === 0) $playlistListTitle.set(answer.message);
  return answer.playlists;
}, 20);

/** Whether a list failed only because the provider does not offer it to this app. */
export function isListUnavailable(error: unknown): boolean {
  return isUnavailable(error);
}

// Browse lists load when their pages are entered (the category browse lives on /search).
listOnRoute(newReleasesList, ['newRelease']);
listOnRoute(categoriesList, ['search']);
listOnRoute(featuredPlaylistsList, ['popularPlaylists']);
onMount(categoryPlaylistsList.$state, () =>
  onRoute(['categoryPlaylists'], (route) => void loadCategoryPlaylists(route.params.categoryId ?? ''), categoryPlaylistsList.reset),
);
