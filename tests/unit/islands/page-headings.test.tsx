import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListSeed, SearchSeed } from '../../../src/api/page-seeds';
import type { Page, Playlist, SearchResults } from '../../../src/api/types';
import { CategoryPlaylistsView } from '../../../src/islands/browse/BrowseLists';
import { ResultsSkeleton, SearchView } from '../../../src/islands/search/SearchView';
import { renderCarried } from '../helpers/carried-view';

// Every state of a page has its one h1 (axe's page-has-heading-one; a screen reader's list of
// headings starts there): not only the page with its content, but none found, a failure, a
// list the provider does not serve, and the skeleton meanwhile.

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const none = <T,>(): Page<T> => ({ items: [], offset: 0, limit: 10, total: 0 });
const noResults: SearchResults = { tracks: none(), artists: none(), albums: none(), playlists: none() };
const h1s = () => screen.queryAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);

describe('/search?q=…', () => {
  // On the page it renders: the search's store follows the route (leaving /search clears it).
  beforeEach(() => history.replaceState(null, '', '/search?q=zzqqxx'));
  afterEach(() => history.replaceState(null, '', '/'));

  it('has its h1 when nothing was found', () => {
    renderCarried<SearchSeed>(SearchView, { query: 'zzqqxx', results: noResults, failure: null });
    expect(document.body.textContent).toContain('No Search Result Found');
    expect(h1s()).toEqual(['Search results for zzqqxx']);
  });

  it('has its h1 when the search failed', () => {
    renderCarried<SearchSeed>(SearchView, { query: 'zzqqxx', results: null, failure: null });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(h1s()).toEqual(['Search results for zzqqxx']);
  });

  it("has its h1 while the server's streamed results are on their way", () => {
    render(<ResultsSkeleton query="zzqqxx" />);
    expect(h1s()).toEqual(['Search results for zzqqxx']);
  });
});

describe('/category/{id}/playlists', () => {
  it("has its h1 when it says 'Playlist not availbale'", () => {
    renderCarried<ListSeed<Playlist>>(CategoryPlaylistsView, { page: 'unavailable', title: 'Mood', failure: null });
    expect(h1s()).toEqual(['Playlist not availbale']);
  });
});
