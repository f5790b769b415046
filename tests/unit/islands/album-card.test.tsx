import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Album } from '../../../src/api/types';
import { AlbumCard } from '../../../src/components/browse/Card';

const album = (year: string, artists: string[]): Album => ({
  id: 'al1', name: 'Album', uri: 'spotify:album:al1', type: 'album', albumType: 'album', images: [], releaseDate: year, year,
  artists: artists.map((name, index) => ({ id: `a${index}`, name })), totalTracks: 1, label: null,
});

const lineOf = (value: Album) => {
  const { container } = render(<AlbumCard album={value} />);
  const line = container.querySelector('.card__subtitle');
  return { text: line?.textContent ?? null, isolated: [...(line?.querySelectorAll('bdi') ?? [])].map((name) => name.textContent) };
};

afterEach(cleanup);

describe("an album tile's line", () => {
  it('is "year • artists", each artist isolated in its own direction (a right-to-left name keeps its place)', () => {
    expect(lineOf(album('1992', ['حسن', 'Larissa']))).toEqual({ text: '1992 • حسن, Larissa', isolated: ['حسن', 'Larissa'] });
  });

  it('is whichever of the two the album has, with no stray bullet, and absent with neither', () => {
    expect(lineOf(album('1992', [])).text).toBe('1992');
    expect(lineOf(album('', ['Larissa'])).text).toBe('Larissa');
    expect(lineOf(album('', [])).text).toBeNull();
  });
});
