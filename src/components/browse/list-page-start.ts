import { createContext, useContext } from 'react';
import { pageStartId, type PageStart } from '../../lib/list-paging';

/**
 * Where the last of the pages a list shows at once begins (JavaScript off's Show more, `?pages=`):
 * PagedView gives it from its list's state to the list it renders, whose items are its children.
 */
export const ListPageStart = createContext<PageStart | undefined>(undefined);

/**
 * The id of a list's item by its index: Show more's link lands on the first item of the page it
 * added (src/lib/list-paging.ts `pageStartId`), so the reader goes on where they left off, not at
 * the page's top. Only that item has one; a list outside PagedView has none.
 */
export function usePageStartId(): (index: number) => string | undefined {
  const start = useContext(ListPageStart);
  return (index) => (start && index === start.index ? pageStartId(start.page) : undefined);
}
