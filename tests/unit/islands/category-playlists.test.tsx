import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListSeed } from '../../../src/api/page-seeds';
import type { Playlist } from '../../../src/api/types';
import { CategoryPlaylistsView } from '../../../src/islands/browse/BrowseLists';
import { renderCarried } from '../helpers/carried-view';

// /category/{id}/playlists says SPEC's 'Playlist not availbale' (typo included) where the
// provider does not serve the list, knows no such category or has none; a failure is an error.

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const showWith = (page: ListSeed<Playlist>['page']) => renderCarried<ListSeed<Playlist>>(CategoryPlaylistsView, { page, title: 'Mood', failure: null });

describe("a category's playlists", () => {
  it("say 'Something went wrong' with Try again when the provider failed", () => {
    showWith(null);
    expect(document.body.textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Playlist not availbale');
  });

  it("say 'Playlist not availbale' when the provider does not serve them, or has none", () => {
    showWith('unavailable');
    expect(document.body.textContent).toContain('Playlist not availbale');
    cleanup();
    showWith({ items: [], offset: 0, limit: 20, total: 0 });
    expect(document.body.textContent).toContain('Playlist not availbale');
  });
});
