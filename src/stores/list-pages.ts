import { LIST_PAGES, type ItemsShown, type ListPageName, type WholeListPage } from '../api/list-pages';
import { listPageArea, type ListArea } from './list-area';
import type { PagedList } from './paged-list';

/** The browser's side of a page of one list: its list, the area tying it to its routes, what its items stand for. */
export interface ListPageArea<T> {
  list: PagedList<T>;
  area: ListArea<T>;
  shows: ItemsShown<T>;
}

type ItemOf<Name extends ListPageName> = (typeof LIST_PAGES)[Name] extends WholeListPage<infer T> ? T : never;

/** Each page's list and area, made from its definition alone. */
function areaOf(page: WholeListPage<unknown>): ListPageArea<unknown> {
  return { ...listPageArea(page, page.routes), shows: page.shows };
}

/**
 * Every page of one list (LIST_PAGES), its list tied to its routes, so a new list page needs no
 * store of its own. All are made together, as this module loads (with Your Library's playlists,
 * src/stores/collection.ts, or with a list page's island): a like, save or follow must find the
 * library's own lists, and forget the pages of their routes the client router keeps or fetched
 * ahead, before they are first shown.
 */
export const listPageAreas = Object.fromEntries(
  Object.entries(LIST_PAGES).map(([name, page]) => [name, areaOf(page as WholeListPage<unknown>)]),
) as { [Name in ListPageName]: ListPageArea<ItemOf<Name>> };
