import { getCategories } from '../../api/browse';
import type { LibraryFlags, SearchSeed, SeeAllSeed } from '../../api/page-seeds';
import { search, searchType } from '../../api/search';
import type { SearchResults, SearchType } from '../../api/types';
import { limitSearchText, queryFromText } from '../../lib/search-query';
import { libraryFlagsOf, listSeedOf, partOf } from '../page-data';

/** The category browse's first page, like the browser's list asks it. */
const CATEGORIES_PAGE = 20;

const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** The hearts, Save and Follow flags of what a search shows. */
async function flagsOfResults(results: SearchResults | null): Promise<LibraryFlags> {
  if (!results) return {};
  const [track, artist, album] = await Promise.all([
    libraryFlagsOf('track', ids(results.tracks.items)),
    libraryFlagsOf('artist', ids(results.artists.items)),
    libraryFlagsOf('album', ids(results.albums.items)),
  ]);
  return { track, artist, album };
}

/**
 * /search: q as the page uses it (SPEC §5: cut to 30, trimmed); without q the category browse,
 * with it the four result sections (10 each, from the shared catalogue cache) and their flags.
 */
export async function loadSearchPage(q: string | null): Promise<SearchSeed> {
  const query = queryFromText(limitSearchText(q ?? '')) ?? '';
  if (query === '') return { query, categories: await listSeedOf(getCategories(0, CATEGORIES_PAGE)), failure: null };
  const results = await partOf(search(query));
  return { query, results, flags: await flagsOfResults(results), failure: null };
}

/** /search/{type}/{query}: the type's first page (20 where the provider allows, else 10) and its flags. */
export function loadSeeAllPage(type: SearchType, query: string): Promise<SeeAllSeed> {
  const flagKind = type === 'track' ? 'track' : type === 'playlist' ? null : type;
  return listSeedOf(searchType(query, type, 0), async (items) => (flagKind ? { [flagKind]: await libraryFlagsOf(flagKind, ids(items)) } : {})).then((seed) => ({
    ...seed,
    type,
    query,
  }));
}
