import { describe, expect, it } from 'vitest';
import { isPaletteKey } from '../../src/lib/palette-key';
import { matchScore, movedHighlight, rankEntries, searchesCatalogue } from '../../src/lib/palette';

// The command palette's pure decisions: ranking by words and initials, the highlight's moves, the key.

const entries = [
  { label: 'Home', keywords: ['Dashboard'] },
  { label: 'Search' },
  { label: 'Your Library', keywords: ['Collection'] },
  { label: 'Liked Songs' },
  { label: 'Profile', keywords: ['My Profile'] },
  { label: 'Save to Liked', keywords: ['Like the playing track'] },
  { label: 'Next track' },
  { label: 'Previous track' },
  { label: 'Beyoncé Live' },
];
const labels = (typed: string, limit?: number) => rankEntries(entries, typed, limit).map((entry) => entry.label);

describe('ranking the palette entries', () => {
  it('keeps every entry, in order, for an empty query', () => {
    expect(labels('')).toEqual(entries.map((entry) => entry.label));
    expect(labels('   ')).toHaveLength(entries.length);
  });

  it('finds by the start of a word, case and accents aside', () => {
    expect(labels('lib')).toEqual(['Your Library']);
    expect(labels('LIB')).toEqual(['Your Library']);
    expect(labels('beyonce')).toEqual(['Beyoncé Live']);
  });

  it('finds by initials', () => {
    expect(labels('yl')).toEqual(['Your Library']);
    expect(labels('nt')[0]).toBe('Next track');
    expect(labels('pt')[0]).toBe('Previous track');
  });

  it('wants every word typed, in any order', () => {
    expect(labels('so li')).toEqual(['Liked Songs']);
    expect(labels('track next')).toEqual(['Next track']);
    expect(labels('liked zebra')).toEqual([]);
  });

  it('puts a label that starts with the query before one with the word later, and keywords after labels', () => {
    expect(labels('liked')).toEqual(['Liked Songs', 'Save to Liked']);
    // "Like the playing track" is a keyword of Save to Liked: it still comes after the label that starts so.
    expect(labels('like')).toEqual(['Liked Songs', 'Save to Liked']);
  });

  it('finds by a keyword', () => {
    expect(labels('dash')).toEqual(['Home']);
    expect(labels('collection')).toEqual(['Your Library']);
  });

  it('finds inside a word last', () => {
    expect(labels('rary')).toEqual(['Your Library']);
    expect(matchScore({ label: 'Your Library' }, 'rary')!).toBeLessThan(matchScore({ label: 'Your Library' }, 'yl')!);
  });

  it('matches nothing for letters no entry has', () => {
    expect(labels('qqq')).toEqual([]);
    expect(matchScore({ label: 'Home' }, 'x')).toBeNull();
  });

  it('keeps at most the limit', () => {
    expect(labels('', 3)).toEqual(['Home', 'Search', 'Your Library']);
  });
});

describe('moving the highlight', () => {
  it('goes down and up one, wrapping at both ends', () => {
    expect(movedHighlight(0, 3, 'ArrowDown')).toBe(1);
    expect(movedHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(movedHighlight(1, 3, 'ArrowUp')).toBe(0);
    expect(movedHighlight(0, 3, 'ArrowUp')).toBe(2);
  });

  it('jumps to the ends with Home and End', () => {
    expect(movedHighlight(1, 5, 'Home')).toBe(0);
    expect(movedHighlight(1, 5, 'End')).toBe(4);
  });

  it('has no highlight in an empty list, and starts from an end without one', () => {
    expect(movedHighlight(0, 0, 'ArrowDown')).toBe(-1);
    expect(movedHighlight(-1, 4, 'ArrowDown')).toBe(0);
    expect(movedHighlight(-1, 4, 'ArrowUp')).toBe(3);
    // A highlight past a list that shrank comes back inside it.
    expect(movedHighlight(7, 4, 'ArrowUp')).toBe(3);
  });
});

describe('when the palette searches the catalogue', () => {
  it('searches from three characters, spaces aside', () => {
    expect(searchesCatalogue('ab')).toBe(false);
    expect(searchesCatalogue('  ab  ')).toBe(false);
    expect(searchesCatalogue('abc')).toBe(true);
  });
});

describe('the palette key', () => {
  const key = (init: Partial<KeyboardEvent>) => ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });

  it('is Ctrl+K, or Cmd+K', () => {
    expect(isPaletteKey(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(key({ metaKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'K', ctrlKey: true }))).toBe(true);
  });

  it('is not K alone, nor with Alt or Shift, nor another letter', () => {
    expect(isPaletteKey(key({}))).toBe(false);
    expect(isPaletteKey(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteKey(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteKey(key({ key: 'j', ctrlKey: true }))).toBe(false);
  });
});
