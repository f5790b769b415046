import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaSeed } from '../../../src/api/page-shapes';
import type { Album, Playlist, Track, UserProfile } from '../../../src/api/types';
import { PlaylistCard } from '../../../src/components/browse/Card';
import { AlbumHead } from '../../../src/islands/browse/AlbumView';
import { UserView } from '../../../src/islands/browse/UserView';
import { namedTitle } from '../../../src/lib/page-title';
import { renderCarried } from '../helpers/carried-view';

// The detail pages' headers with the provider's odd answers: parts of the meta line missing, a
// blank name, and (development mode) a user the provider does not offer to this app.

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const album = (changes: Partial<Album>): Album => ({
  id: 'al1', name: 'Sol', uri: 'spotify:album:al1', type: 'album', albumType: 'single', images: [], releaseDate: '2019', year: '2019',
  artists: [{ id: 'a1', name: 'Luna' }], totalTracks: 1, label: null, ...changes,
});

function showAlbum(value: Album) {
  const seed: AreaSeed<Album, Record<string, never>, { tracks: Track }> = { id: value.id, background: '#123456', data: value, failure: null, flags: {} };
  render(<AlbumHead seed={seed} />);
  return { meta: document.querySelector('.detail-header__meta')?.textContent ?? null, heading: screen.getByRole('heading', { level: 1 }) };
}

describe("an album header's line", () => {
  it('is "year • artists • songs • type" with everything there', () => {
    expect(showAlbum(album({ artists: [{ id: 'a1', name: 'Luna' }, { id: 'a2', name: 'Sol' }], totalTracks: 3 })).meta).toBe('2019 • Luna • Sol • 3 songs • single');
  });

  it('leaves out a missing part with its bullet: no artists, no year (it read "2019 • • 1 song • single" and " • 1 song • single")', () => {
    expect(showAlbum(album({ artists: [] })).meta).toBe('2019 • 1 song • single');
    cleanup();
    expect(showAlbum(album({ artists: [], year: '', releaseDate: '' })).meta).toBe('1 song • single');
    cleanup();
    expect(showAlbum(album({ year: '', releaseDate: '' })).meta).toBe('Luna • 1 song • single');
  });
});

describe('a blank name', () => {
  it('is no name: the heading says "Untitled Album", never nothing (an empty h1) or only spaces', () => {
    for (const name of ['', '   ', '\u200b']) {
      const { heading } = showAlbum(album({ name }));
      expect(heading.textContent).toBe('Untitled Album');
      expect(screen.getByRole('button', { name: 'Show the picture of Untitled Album' })).toBeTruthy();
      cleanup();
    }
    expect(showAlbum(album({ name: ' Sol ' })).heading.textContent).toBe(' Sol ');
  });

  it("gives the tab the page's own word, not an empty or blank name", () => {
    expect(namedTitle('', 'Album')).toBe('Album');
    expect(namedTitle('   ', 'Playlist')).toBe('Playlist');
    expect(namedTitle('Sol', 'Album')).toBe('\u2068Sol\u2069');
  });

  it('names a tile "Untitled Playlist"', () => {
    const playlist = { id: 'p1', name: '  ', owner: { id: 'u1', displayName: 'Noor' }, images: [] } as unknown as Playlist;
    render(<PlaylistCard playlist={playlist} />);
    expect(document.querySelector('.card__title')?.textContent).toBe('Untitled Playlist');
  });
});

describe('another user the provider does not offer to this app (development mode)', () => {
  it('has a heading, and its note says what is not available', () => {
    const seed: AreaSeed<UserProfile, Record<string, never>, { playlists: Playlist }> = { id: 'aarav.sharma', background: '#123456', data: null, failure: 'unavailable', flags: {} };
    renderCarried(UserView, seed);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile');
    expect(document.querySelector('.not-available')?.textContent).toBe("This user's profile: Not available for this app");
  });
});
