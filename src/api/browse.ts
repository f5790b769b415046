import { callApi } from './client';
import { record, text, toAlbum, toCategory, toPage, toPlaylist } from './normalize';
import type { Album, Category, CategoryPlaylists, Page } from './types';

/** SPEC §9: market IN. */
export const MARKET = 'IN';

/** GET browse/new-releases (albums); gone in development mode. */
export async function getNewReleases(offset = 0, limit = 20): Promise<Page<Album>> {
  const body = await callApi({
    path: 'browse/new-releases',
    query: { limit, offset, market: MARKET },
    name: 'new-releases',
    capability: 'newReleases',
  });
  return toPage(record(body).albums, toAlbum);
}

/** GET browse/categories; gone in development mode. */
export async function getCategories(offset = 0, limit = 20): Promise<Page<Category>> {
  const body = await callApi({ path: 'browse/categories', query: { limit, offset }, name: 'categories', capability: 'categories' });
  return toPage(record(body).categories, toCategory);
}

/** GET browse/categories/{id}/playlists; `message` is the page title. Gone in development mode. */
export async function getCategoryPlaylists(id: string, offset = 0, limit = 20): Promise<CategoryPlaylists> {
  const body = record(
    await callApi({
      path: `browse/categories/${encodeURIComponent(id)}/playlists`,
      query: { limit, offset },
      name: 'category-playlists',
      capability: 'categoryPlaylists',
    }),
  );
  return { message: text(body.message), playlists: toPage(body.playlists, toPlaylist) };
}

/** GET browse/featured-playlists; gone in development mode. */
export async function getFeaturedPlaylists(offset = 0, limit = 20): Promise<CategoryPlaylists> {
  const body = record(
    await callApi({
      path: 'browse/featured-playlists',
      query: { limit, offset },
      name: 'featured-playlists',
      capability: 'featuredPlaylists',
    }),
  );
  return { message: text(body.message), playlists: toPage(body.playlists, toPlaylist) };
}
