import { ApiFailure } from '../http/errors';

/** The provider's reorder body: `range_length` items from `range_start` go before `insert_before`. */
export interface Reorder {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
  snapshotId: string | undefined;
}

const isPosition = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * Reads `range_start`, `insert_before`, `range_length` (default 1) and `snapshot_id` from a
 * PUT playlists/{id}/items body: a missing or non-integer position is 400, as the provider answers.
 */
export function readReorder(body: Record<string, unknown>): Reorder {
  for (const field of ['range_start', 'insert_before'] as const) {
    if (body[field] === undefined) throw new ApiFailure(400, `Missing required field: ${field}`);
    if (!isPosition(body[field])) throw new ApiFailure(400, `${field} must be an integer`);
  }
  const rangeLength = body.range_length ?? 1;
  if (!isPosition(rangeLength) || rangeLength < 1) throw new ApiFailure(400, 'range_length must be a positive integer');
  if (body.snapshot_id !== undefined && typeof body.snapshot_id !== 'string') throw new ApiFailure(400, 'snapshot_id must be a string');
  return {
    rangeStart: body.range_start as number,
    insertBefore: body.insert_before as number,
    rangeLength,
    snapshotId: body.snapshot_id as string | undefined,
  };
}

/**
 * The entries after a reorder. The range must lie inside the playlist and `insert_before` be
 * a position from 0 to its length (the end); anything else is 400 "Index out of bounds". An
 * `insert_before` inside the range moves nothing (still a change: the snapshot moves on).
 */
export function reorderItems<T>(items: readonly T[], { rangeStart, insertBefore, rangeLength }: Reorder): T[] {
  if (rangeStart < 0 || rangeStart + rangeLength > items.length || insertBefore < 0 || insertBefore > items.length) {
    throw new ApiFailure(400, 'Index out of bounds');
  }
  const moved = items.slice(rangeStart, rangeStart + rangeLength);
  const rest = [...items.slice(0, rangeStart), ...items.slice(rangeStart + rangeLength)];
  // insert_before counts positions before the range was taken out.
  const at = insertBefore > rangeStart ? Math.max(rangeStart, insertBefore - rangeLength) : insertBefore;
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/**
 * A reorder made against an older version of the playlist (`older`: its entries' keys, the
 * version its snapshot_id names), applied to the entries as they are now, as the provider rebases
 * it: the entries the range named there move, in their order there, before the entry
 * `insert_before` named there (or the first after it still here and not moved; else to the end).
 * Entries gone since are left out of the move; entries added since stay where they are. With
 * `older` the current version, this is `reorderItems`.
 */
export function rebasedReorder<T>(older: readonly string[], items: readonly T[], keys: readonly string[], reorder: Reorder): T[] {
  const { rangeStart, insertBefore, rangeLength } = reorder;
  if (rangeStart < 0 || rangeStart + rangeLength > older.length || insertBefore < 0 || insertBefore > older.length) {
    throw new ApiFailure(400, 'Index out of bounds');
  }
  const movedKeys = older.slice(rangeStart, rangeStart + rangeLength);
  const moving = new Set(movedKeys);
  const byKey = new Map(keys.map((key, index) => [key, items[index]!]));
  const moved = movedKeys.filter((key) => byKey.has(key)).map((key) => byKey.get(key)!);
  const rest = items.filter((_item, index) => !moving.has(keys[index]!));
  const restKeys = keys.filter((key) => !moving.has(key));
  const anchor = older.slice(insertBefore).find((key) => !moving.has(key) && restKeys.includes(key));
  const at = anchor === undefined ? rest.length : restKeys.indexOf(anchor);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}
