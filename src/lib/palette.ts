/**
 * The command palette's pure decisions: which of its entries match what was typed, in which
 * order, and where the highlight goes on a key. No stores, no DOM: the palette store
 * (src/stores/palette-options.ts) and its view use these, and unit tests pin them.
 */

/** What the ranking reads of an entry: its label, and other words it answers to ("Dashboard" for Home). */
export interface Rankable {
  label: string;
  keywords?: readonly string[];
}

/** Lower case, accents dropped ("Beyoncé" is found by "beyonce"). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text: runs of letters and digits in any script. */
function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

// How well a text answers the query, best first. A label beats a keyword by one point, so
// "Liked Songs" (its label) comes before "Save to Liked" only when both match the same way.
const STARTS = 100;
const WORD_STARTS = 80;
const INITIALS = 60;
const CONTAINS = 30;

/** How well one text (a label or a keyword) answers the query; null: not at all. */
function scoreText(text: string, query: string, tokens: readonly string[]): number | null {
  const folded = fold(text);
  const words = wordsOf(text);
  if (folded.startsWith(query)) return STARTS;
  // Every word typed starts a word of the text ("lib" finds Your Library, "li so" Liked Songs).
  if (tokens.every((token) => words.some((word) => word.startsWith(token)))) return WORD_STARTS - Math.min(10, firstWordAt(words, tokens[0]!));
  // One run of letters typed as the words' initials ("yl" finds Your Library, "nt" Next track).
  if (tokens.length === 1 && query.length >= 2 && words.map((word) => word[0]).join('').includes(query)) return INITIALS;
  if (tokens.every((token) => folded.includes(token))) return CONTAINS;
  return null;
}

/** Where the first word starting with `token` is (a match early in the label ranks higher). */
function firstWordAt(words: readonly string[], token: string): number {
  return Math.max(0, words.findIndex((word) => word.startsWith(token)));
}

/** How well an entry answers the query (higher is better), or null when it does not match. Every entry matches an empty query. */
export function matchScore(entry: Rankable, typed: string): number | null {
  const tokens = wordsOf(typed);
  if (tokens.length === 0) return 0;
  const query = tokens.join(' ');
  let best: number | null = null;
  const consider = (score: number | null) => {
    if (score !== null && (best === null || score > best)) best = score;
  };
  consider(scoreText(entry.label, query, tokens));
  for (const keyword of entry.keywords ?? []) {
    const score = scoreText(keyword, query, tokens);
    consider(score === null ? null : score - 1);
  }
  return best;
}

/** The entries that match, best first; equal ones keep their given order. At most `limit` of them. */
export function rankEntries<T extends Rankable>(entries: readonly T[], typed: string, limit = Infinity): T[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(entry, typed) }))
    .filter((ranked): ranked is { entry: T; index: number; score: number } => ranked.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((ranked) => ranked.entry);
}

/** The keys that move the highlight in the palette's list. */
export type MoveKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isMoveKey(key: string): key is MoveKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/**
 * Where the highlight goes on a key, among `count` options (the ARIA combobox pattern):
 * Down and Up move one and wrap around the ends, Home and End jump to them. -1 is no highlight
 * (an empty list); from no highlight Down goes to the first and Up to the last.
 */
export function movedHighlight(current: number, count: number, key: MoveKey): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 || current >= count ? count - 1 : current - 1;
  }
}

/** Search results are asked for once this many characters are typed (fewer find too much to help). */
export const SEARCH_FROM_CHARACTERS = 3;

/** Whether the typed text is long enough to search the catalogue. */
export function searchesCatalogue(typed: string): boolean {
  return typed.trim().length >= SEARCH_FROM_CHARACTERS;
}
