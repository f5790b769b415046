import { categoriesPage } from '../../api/list-pages';
import type { LibraryFlags } from '../../api/page-shapes';
import type { SearchSeed, SeeAllSeed } from '../../api/page-seeds';
import { search, searchType, SEE_ALL_LIMIT } from '../../api/search';
import type { SearchResults, SearchType } from '../../api/types';
import { pagesFromStart, shownPagesOf } from '../../lib/list-paging';
import { limitSearchText, queryFromText } from '../../lib/search-query';
import { askedFlags, idsOf, libraryFlagsOf, listSeedOf, loadListPage, partOf } from '../page-data';

/** The hearts, Save and Follow flags of what a search shows. */
async function flagsOfResults(results: SearchResults | null): Promise<LibraryFlags> {
  if (!results) return {};
  const [track, artist, album] = await Promise.all([
    libraryFlagsOf('track', idsOf(results.tracks.items)),
    libraryFlagsOf('artist', idsOf(results.artists.items)),
    libraryFlagsOf('album', idsOf(results.albums.items)),
  ]);
  return { track, artist, album };
}

/**
 * /search: q as the page uses it (SPEC §5: cut to 30, trimmed); without q the category browse,
 * with it the four result sections (10 each, from the shared catalogue cache) and their flags.
 */
export async function loadSearchPage(q: string | null): Promise<SearchSeed> {
  const query = queryFromText(limitSearchText(q ?? '')) ?? '';
  if (query === '') return { query, categories: await loadListPage(categoriesPage), failure: null };
  const results = await partOf(search(query));
  return { query, results, flags: await flagsOfResults(results), failure: null };
}

/** /search/{type}/{query}: the type's first page (20 where the provider allows, else 10) and its flags. */
export function loadSeeAllPage(type: SearchType, query: string, address?: URL): Promise<SeeAllSeed> {
  // Playlists carry no flag of their own; the other three types are library kinds of the same name.
  const flags = type === 'playlist' ? undefined : askedFlags(type);
  // As many pages as the address asks, read with JavaScript off (MorePages.astro); the provider's page size is the search's own.
  const pages = shownPagesOf(address);
  return listSeedOf(pagesFromStart((offset) => searchType(query, type, offset), SEE_ALL_LIMIT, pages), flags).then((seed) => ({ ...seed, type, query }));
}
