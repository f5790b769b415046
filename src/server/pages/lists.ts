import { getCategoryPlaylists, getFeaturedPlaylists } from '../../api/browse';
import { LIST_PAGE_SIZE } from '../../api/list-pages';
import type { ListSeed } from '../../api/page-seeds';
import type { Playlist } from '../../api/types';
import { listSeedOf } from '../page-data';

// The pages of one paged list that are more than their list (`loadListPage` serves the others):
// the provider's own title above the playlists, which the page shows whether or not the list loaded.

/** A list of playlists under the provider's own title: the featured ones, or a category's. */
async function titledPlaylists(load: ReturnType<typeof getFeaturedPlaylists>): Promise<ListSeed<Playlist>> {
  const seed = await listSeedOf(load.then((found) => found.playlists));
  // The answer is in already (or failed, and the page says so under its own title).
  const title = await load.then((found) => found.message).catch(() => '');
  return { ...seed, title };
}

/** /playlist/popular: the featured playlists under the provider's title. */
export function loadPopularPlaylistsPage(): Promise<ListSeed<Playlist>> {
  return titledPlaylists(getFeaturedPlaylists(0, LIST_PAGE_SIZE));
}

/** /category/{id}/playlists: the category's playlists (an unknown category: 404). */
export function loadCategoryPlaylistsPage(categoryId: string): Promise<ListSeed<Playlist>> {
  return titledPlaylists(getCategoryPlaylists(categoryId, 0, LIST_PAGE_SIZE));
}
