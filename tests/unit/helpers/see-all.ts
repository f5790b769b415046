import { vi } from 'vitest';
import type { SearchType } from '../../../src/api/types';
import { seeAllHref } from '../../../src/lib/search-query';
import { syncRoute } from '../../../src/stores/route';
import { seeAllList } from '../../../src/stores/search';

/**
 * Opens /search/{type}/{query} as the app does (the route, and a subscriber as the
 * see-all island is) and waits for its first page. Resolves to the unsubscribe.
 */
export async function openSeeAll(type: SearchType, query: string): Promise<() => void> {
  syncRoute(seeAllHref(type, query));
  const stop = seeAllList.$state.listen(() => undefined);
  await vi.waitFor(() => {
    const state = seeAllList.$state.get();
    if (!state.loaded || state.loading) throw new Error('the see-all list is still loading');
  });
  return stop;
}
