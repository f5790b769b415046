import { getCategoryPlaylists, getFeaturedPlaylists } from '../../api/browse';
import { LIST_PAGE_SIZE } from '../../api/list-pages';
import type { ListSeed } from '../../api/page-seeds';
import type { CategoryPlaylists, Playlist } from '../../api/types';
import { pagesFromStart, shownPagesOf } from '../../lib/list-paging';
import { listSeedOf } from '../page-data';

// The pages of one paged list that are more than their list (`loadListPage` serves the others):
// the provider's own title above the playlists, which the page shows whether or not the list loaded.

/**
 * A list of playlists under the provider's own title: the featured ones, or a category's (as many
 * pages as the address asks, read with JavaScript off: `shownPagesOf`).
 */
async function titledPlaylists(load: (offset: number, limit: number) => Promise<CategoryPlaylists>, address: URL | undefined): Promise<ListSeed<Playlist>> {
  const pages = shownPagesOf(address);
  let title = '';
  const seed = await listSeedOf(
    pagesFromStart(
      async (offset, limit) => {
        const found = await load(offset, limit);
        if (offset === 0) title = found.message;
        return found.playlists;
      },
      LIST_PAGE_SIZE,
      pages,
    ),
  );
  // The first answer is in already (or failed, and the page says so under its own title).
  return { ...seed, title };
}

/** /playlist/popular: the featured playlists under the provider's title. */
export function loadPopularPlaylistsPage(address?: URL): Promise<ListSeed<Playlist>> {
  return titledPlaylists(getFeaturedPlaylists, address);
}

/** /category/{id}/playlists: the category's playlists (an unknown category: 404). */
export function loadCategoryPlaylistsPage(categoryId: string, address?: URL): Promise<ListSeed<Playlist>> {
  return titledPlaylists((offset, limit) => getCategoryPlaylists(categoryId, offset, limit), address);
}
