/**
 * The search ranking, one rule for the four types: names equal to the query first, then names
 * that start with it, then every other match; within each tier, most popular first. Each tier is
 * read already in that order (the exact tier from an index, the others from the full-text index
 * whose rowids order rows by popularity), so a page costs a few short reads whatever the
 * catalogue's size, instead of ranking every match.
 */

/** Field filters people type (artist:Name); the words after them still count, the filter names do not. */
const FIELD_FILTER = /\b(artist|album|track|year|genre|tag|isrc|upc|playlist):/giu;

/** How far a count goes: the furthest a client can page (offset ≤ 1000, limit ≤ 50). */
export const COUNT_CAP = 1050;

/** The words of a query as the full-text index sees them (letters, marks and digits), at most 12. */
function words(text: string): string[] {
  const found = text.normalize('NFKC').replace(FIELD_FILTER, ' ').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return found.slice(0, 12);
}

/**
 * Turns free text into a safe FTS5 query: only letters, marks and digits survive (so quotes,
 * operators and emoji cannot break the syntax), every word must match, the last as a prefix.
 */
export function toFtsQuery(text: string): string | null {
  const used = words(text);
  if (used.length === 0) return null;
  return used.map((word, i) => `"${word}"${i === used.length - 1 ? '*' : ''}`).join(' ');
}

/** The FTS5 query for names that start with the text's words (the last as a prefix). */
export function toNameStartQuery(text: string): string | null {
  const used = words(text);
  return used.length === 0 ? null : `name : ^ "${used.join(' ')}" *`;
}

/** The tiers of one search, each already in popularity order; keys are the search table's rowids. */
export interface Tiers {
  /** Each at most `limit` keys. */
  exact: (limit: number) => number[];
  nameStart: (limit: number) => number[];
  any: (limit: number) => number[];
}

/**
 * The keys of one page: exact, then name-start, then the rest, without repeats; and the number
 * of matches when the reads above already saw every one (the last tier came back short), so
 * that only a search with more matches than a page needs to count them.
 */
export function rankPage(tiers: Tiers, offset: number, limit: number): { keys: number[]; total: number | null } {
  const wanted = offset + limit;
  const seen = new Set<number>();
  const ranked: number[] = [];
  const take = (keys: number[]) => {
    for (const key of keys) {
      if (!seen.has(key) && ranked.length < wanted) ranked.push(key);
      seen.add(key);
    }
  };
  take(tiers.exact(wanted));
  // Each later tier may repeat every key taken so far, so it reads that many more.
  if (ranked.length < wanted) take(tiers.nameStart(wanted + ranked.length));
  let total: number | null = null;
  if (ranked.length < wanted) {
    const asked = wanted + ranked.length;
    const rest = tiers.any(asked);
    take(rest);
    if (rest.length < asked) total = seen.size;
  }
  return { keys: ranked.slice(offset, wanted), total };
}
