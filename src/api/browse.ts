import { callApi } from './client';
import { ApiError, PROBE_QUIET_STATUSES } from './errors';
import { list, record, text, toAlbum, toCategory, toPage, toPlaylist } from './normalize';
import type { Album, Category, CategoryPlaylists, Page } from './types';

/** SPEC §9: market IN. */
export const MARKET = 'IN';

/** GET browse/new-releases (albums); gone in development mode. */
export async function getNewReleases(offset = 0, limit = 20): Promise<Page<Album>> {
  const body = await callApi({
    path: 'browse/new-releases',
    query: { limit, offset, market: MARKET },
    name: 'new-releases',
    catalogue: true,
    capability: 'newReleases',
  });
  return toPage(record(body).albums, toAlbum);
}

/** How many categories the category browse asks for at once. */
const CATEGORIES_PAGE = 20;

/** GET browse/categories; gone in development mode. */
export async function getCategories(offset = 0, limit = CATEGORIES_PAGE): Promise<Page<Category>> {
  const body = await callApi({ path: 'browse/categories', query: { limit, offset }, name: 'categories', capability: 'categories', catalogue: true });
  return toPage(record(body).categories, toCategory);
}

/**
 * Asks browse/categories/{id}/playlists about the first category the provider lists:
 * whether a first 404 means "no such category" or "endpoint gone" (errors.ts judgeCapabilityRefusal).
 * The list is the category browse's own call (its capability, its first page, which the server's
 * catalogue shares): a category browse learnt gone is not asked about again (DESIGN §2), and is
 * the probe's refusal, since the provider removed the category browse with its lists; one the
 * probe finds gone is learnt so for the session.
 */
async function probeCategoryPlaylists(): Promise<unknown> {
  const categories = record(record(await callApi({ path: 'browse/categories', query: { limit: CATEGORIES_PAGE, offset: 0 }, capability: 'categories', catalogue: true })).categories);
  const first = text(record(list(categories.items)[0]).id);
  if (!first) throw new ApiError('http', 'No category to ask about', 500);
  return callApi({ path: `browse/categories/${encodeURIComponent(first)}/playlists`, query: { limit: 1 }, quietStatuses: PROBE_QUIET_STATUSES });
}

/** GET browse/categories/{id}/playlists; `message` is the page title. Gone in development mode. */
export async function getCategoryPlaylists(id: string, offset = 0, limit = 20): Promise<CategoryPlaylists> {
  const body = record(
    await callApi({
      path: `browse/categories/${encodeURIComponent(id)}/playlists`,
      query: { limit, offset },
      name: 'category-playlists',
      catalogue: true,
      capability: 'categoryPlaylists',
      probe: probeCategoryPlaylists,
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
      catalogue: true,
      capability: 'featuredPlaylists',
    }),
  );
  return { message: text(body.message), playlists: toPage(body.playlists, toPlaylist) };
}
