// Moving a playlist's entry and filtering the Add to playlist list: the pure rules.
import { describe, expect, it } from 'vitest';
import { filterPlaylists, PLAYLIST_FILTER_THRESHOLD, showsPlaylistFilter } from '../../src/lib/playlist-filter';
import { dropBefore, isStill, moveEntry, positionAfter, removeEntries, reorderRequest } from '../../src/lib/playlist-order';

/** Entries named by letter; `positions` defaults to 0, 1, 2, ... (no dropped entries). */
const entries = (names: string, positions?: number[]) => [...names].map((name, index) => ({ name, position: positions?.[index] ?? index }));
const names = (list: { name: string }[]) => list.map((entry) => entry.name).join('');

describe('moving a playlist entry', () => {
  it('asks the provider in its positions: up, down, to the top and after the last row', () => {
    const list = entries('abcd');
    expect(reorderRequest(list, 2, 1)).toEqual({ rangeStart: 2, insertBefore: 1 });
    expect(reorderRequest(list, 1, 3)).toEqual({ rangeStart: 1, insertBefore: 3 });
    expect(reorderRequest(list, 3, 0)).toEqual({ rangeStart: 3, insertBefore: 0 });
    expect(reorderRequest(list, 0, 4)).toEqual({ rangeStart: 0, insertBefore: 4 });
  });

  it('asks nothing for a move onto itself, beyond either end, or of a row not there', () => {
    const list = entries('abc');
    expect(isStill(1, 1) && isStill(1, 2)).toBe(true);
    expect(reorderRequest(list, 1, 1)).toBeNull();
    expect(reorderRequest(list, 1, 2)).toBeNull();
    expect(reorderRequest(list, 0, -1)).toBeNull();
    expect(reorderRequest(list, 2, 4)).toBeNull();
    expect(reorderRequest(list, 3, 0)).toBeNull();
    expect(reorderRequest([], 0, 0)).toBeNull();
  });

  it('uses the positions the provider gave where the list dropped entries (an empty track name)', () => {
    // Positions 1 and 4 hold entries the list does not show.
    const list = entries('abcd', [0, 2, 3, 5]);
    expect(reorderRequest(list, 0, 2)).toEqual({ rangeStart: 0, insertBefore: 3 });
    expect(reorderRequest(list, 3, 1)).toEqual({ rangeStart: 5, insertBefore: 2 });
    expect(reorderRequest(list, 1, 4)).toEqual({ rangeStart: 2, insertBefore: 6 });
    const moved = moveEntry(list, 3, 1);
    expect(names(moved)).toBe('adbc');
    // The provider's list was a _ b c _ d; now a _ d b c _.
    expect(moved.map((entry) => entry.position)).toEqual([0, 2, 3, 4]);
  });

  it('shows the new order with every position as the provider will have it', () => {
    expect(names(moveEntry(entries('abcd'), 0, 4))).toBe('bcda');
    expect(names(moveEntry(entries('abcd'), 3, 0))).toBe('dabc');
    expect(names(moveEntry(entries('abcd'), 1, 3))).toBe('acbd');
    expect(names(moveEntry(entries('abcd'), 2, 1))).toBe('acbd');
    expect(moveEntry(entries('abcd'), 0, 4).map((entry) => entry.position)).toEqual([0, 1, 2, 3]);
    expect(names(moveEntry(entries('abcd'), 1, 2))).toBe('abcd');
  });

  it('shifts the entries between the old and the new place by one', () => {
    const down = { rangeStart: 1, insertBefore: 4 };
    expect([0, 1, 2, 3, 4].map((p) => positionAfter(p, down))).toEqual([0, 3, 1, 2, 4]);
    const up = { rangeStart: 3, insertBefore: 1 };
    expect([0, 1, 2, 3, 4].map((p) => positionAfter(p, up))).toEqual([0, 2, 3, 1, 4]);
  });

  it('closes the gaps a removal leaves', () => {
    const kept = removeEntries(entries('abcb', [0, 1, 3, 4]), (entry) => entry.name === 'b');
    expect(kept).toEqual([{ name: 'a', position: 0 }, { name: 'c', position: 2 }]);
  });

  it('drops before the hovered row on its upper half, after it on its lower half', () => {
    expect(dropBefore(2, 110, 100, 56)).toBe(2);
    expect(dropBefore(2, 127, 100, 56)).toBe(2);
    expect(dropBefore(2, 128, 100, 56)).toBe(3);
    expect(dropBefore(2, 155, 100, 56)).toBe(3);
  });
});

describe('the Add to playlist filter', () => {
  const playlists = ['Road Trip', 'Chill Evenings', 'Café Mornings', 'Trip Hop', 'My Playlist #12', 'Roadhouse Blues'].map((name) => ({ name }));
  const shown = (text: string) => filterPlaylists(playlists, text).map((playlist) => playlist.name);

  it('shows its box only beyond the threshold', () => {
    expect(showsPlaylistFilter(PLAYLIST_FILTER_THRESHOLD)).toBe(false);
    expect(showsPlaylistFilter(PLAYLIST_FILTER_THRESHOLD + 1)).toBe(true);
  });

  it('keeps every playlist for an empty or blank text, in their order', () => {
    expect(shown('')).toEqual(playlists.map((playlist) => playlist.name));
    expect(shown('   ')).toHaveLength(playlists.length);
  });

  it('matches every word anywhere in the name, ignoring case and accents', () => {
    expect(shown('trip')).toEqual(['Trip Hop', 'Road Trip']);
    expect(shown('ROAD')).toEqual(['Road Trip', 'Roadhouse Blues']);
    expect(shown('trip road')).toEqual(['Road Trip']);
    expect(shown('cafe')).toEqual(['Café Mornings']);
    expect(shown('#12')).toEqual(['My Playlist #12']);
    expect(shown('jazz')).toEqual([]);
  });
});
