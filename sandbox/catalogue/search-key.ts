/**
 * The rowid tracks, albums and artists have in their search (FTS5) tables: popularity first,
 * so the full-text index itself lists matches most popular first and a search reads only the
 * first few instead of ranking every match. The low 32 bits are the row's own rowid.
 */
const ROWID_SPAN = 2 ** 32;

/** The search rowid of a row with this popularity (0-100) and table rowid. */
export function popularityKey(popularity: number, rowid: number | bigint): number {
  return (100 - Math.max(0, Math.min(100, Math.round(popularity)))) * ROWID_SPAN + Number(rowid);
}

/** The table rowid a search rowid stands for. */
export function rowidOfKey(key: number): number {
  return key % ROWID_SPAN;
}

/** popularityKey in SQL, over a row's own `popularity` and `rowid`. */
export const POPULARITY_KEY_SQL = `(100 - popularity) * ${ROWID_SPAN} + rowid`;
