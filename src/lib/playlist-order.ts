/**
 * Moving one entry of a playlist: where the list shows it, and what the provider is asked.
 * The list drops entries without a usable track (SPEC §4), so a row's index is not its
 * position in the playlist: each entry carries the provider's `position`, and the request
 * speaks in those.
 */

/** An entry as the order cares about it: its position in the provider's playlist. */
export interface Positioned {
  position: number;
}

/** The provider's reorder (PUT playlists/{id}/items): the entry at `rangeStart` goes before `insertBefore`. */
export interface ReorderRequest {
  rangeStart: number;
  insertBefore: number;
}

/** Whether moving row `from` to before row `before` (0..length) changes nothing: onto itself or just after itself. */
export function isStill(from: number, before: number): boolean {
  return before === from || before === from + 1;
}

/**
 * The provider's request for moving row `from` to before row `before` (`before` = the
 * list's length: after the last row shown). Null when nothing moves or a row is not there.
 */
export function reorderRequest(entries: readonly Positioned[], from: number, before: number): ReorderRequest | null {
  const moved = entries[from];
  if (!moved || before < 0 || before > entries.length || isStill(from, before)) return null;
  const last = entries[entries.length - 1]!;
  // After the last row shown: just after its position (entries not yet loaded stay after it).
  const insertBefore = before < entries.length ? entries[before]!.position : last.position + 1;
  return { rangeStart: moved.position, insertBefore };
}

/** Where an entry at `position` sits once the provider applied `request` (the other entries shift by one). */
export function positionAfter(position: number, { rangeStart, insertBefore }: ReorderRequest): number {
  if (position === rangeStart) return insertBefore > rangeStart ? insertBefore - 1 : insertBefore;
  if (rangeStart < position && position < insertBefore) return position - 1;
  if (insertBefore <= position && position < rangeStart) return position + 1;
  return position;
}

/** The row (0-based) that row `from` becomes once moved to before row `before`. */
export function rowAfterMove(from: number, before: number): number {
  return before > from ? before - 1 : before;
}

/**
 * What a screen reader hears once a move is done (the row's focus stays, and nothing near it
 * says where the row went): its place as the list numbers it, of the song count the header
 * shows (none while that is not known).
 */
export function movedWords(row: number, count: number | null): string {
  return count === null ? `Moved to position ${row + 1}` : `Moved to position ${row + 1} of ${count}`;
}

/** The list once row `from` moved to before row `before`, every entry with its new position; the same list when nothing moves. */
export function moveEntry<T extends Positioned>(entries: readonly T[], from: number, before: number): T[] {
  const request = reorderRequest(entries, from, before);
  if (!request) return [...entries];
  const rest = entries.filter((_, index) => index !== from);
  const at = rowAfterMove(from, before);
  const moved = [...rest.slice(0, at), entries[from]!, ...rest.slice(at)];
  return moved.map((entry) => ({ ...entry, position: positionAfter(entry.position, request) }));
}

/** The row a drop lands before: the hovered row when the pointer is on its upper half, the next one on its lower half. */
export function dropBefore(index: number, pointerY: number, rowTop: number, rowHeight: number): number {
  return pointerY - rowTop < rowHeight / 2 ? index : index + 1;
}

/** The list without the entries `gone` picks; the rest move up as the provider closes the gaps. */
export function removeEntries<T extends Positioned>(entries: readonly T[], gone: (entry: T) => boolean): T[] {
  let removed = 0;
  return entries.flatMap((entry) => {
    if (gone(entry)) {
      removed += 1;
      return [];
    }
    return [removed === 0 ? entry : { ...entry, position: entry.position - removed }];
  });
}
