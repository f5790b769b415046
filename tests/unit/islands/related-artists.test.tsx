import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaSeed } from '../../../src/api/page-shapes';
import type { Artist } from '../../../src/api/types';
import { RelatedArtistsView } from '../../../src/islands/browse/ArtistListsView';
import { renderCarried } from '../helpers/carried-view';

// /artist/{id}/related-artists is Fans Also like alone: where the artist page hides a section that
// failed, this page says why it is empty, as its server seed tells it.

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function showWith(related: 'unavailable' | null) {
  const artist: Artist = { id: 'a1', name: 'Noor Rahman', uri: 'spotify:artist:a1', type: 'artist', images: [], followers: 0, popularity: null, genres: [] };
  const seed: AreaSeed<Artist, { relatedArtists: Artist }> = {
    id: 'a1',
    background: '#123456',
    data: artist,
    failure: null,
    sections: { relatedArtists: related },
    flags: {},
  };
  renderCarried(RelatedArtistsView, seed);
}

describe('the related artists page', () => {
  it("says 'Something went wrong' when the provider failed, not that the app is not offered the list", () => {
    showWith(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fans Also like Noor Rahman');
    expect(document.body.textContent).toContain('Something went wrong');
    expect(document.body.textContent).not.toMatch(/not available/i);
  });

  it('says the list is not available to this app when the provider does not offer it', () => {
    showWith('unavailable');
    expect(document.body.textContent).not.toContain('Something went wrong');
    expect(document.body.querySelector('.not-available')).not.toBeNull();
  });
});

describe('the related artists page that failed', () => {
  it('offers Try again, as every list page does', () => {
    showWith(null);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
