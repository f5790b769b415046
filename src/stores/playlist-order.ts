import { atom, computed } from 'nanostores';
import { reorderPlaylistItems } from '../api/playlist-edits';
import { movedWords, reorderRequest, rowAfterMove } from '../lib/playlist-order';
import { $ownsShownPlaylist, refused } from './my-playlists';
import { playlistArea, playlistTracks, songCountOf } from './playlist';
import { queueItemEdit } from './playlist-shown';
import type { PagedListState } from './paged-list';

/** Whether the user may change the items of the playlist on screen: theirs, or a collaborative one (the provider's rule). */
export const $changesShownItems = computed([$ownsShownPlaylist, playlistArea.$state], (owns, state) => owns || !!state.data?.collaborative);

/**
 * The last move of the playlist on screen the provider took, in words for a screen reader
 * (PlaylistView says them in the shell's announcer: the row moved, its focus stayed, and
 * nothing else said where it went). A new object each time, so the same words are told again.
 */
export const $moveTold = atom<{ words: string } | null>(null);

/**
 * Moves row `from` of the playlist on screen to before row `before` (its length: after the
 * last row): shown at once, then sent in the playlist's one line of item edits (its adds and
 * removals too), against the version the edit before it answered, in the positions of the list
 * as it then stands; rolled back with the toast when the provider refuses, and the moves made on
 * top of a refused move are dropped. Resolves to whether the provider took it.
 */
export function moveShownEntry(from: number, before: number): Promise<boolean> {
  const { id, data } = playlistArea.$state.get();
  const entries = playlistTracks.$state.get();
  if (!data || !reorderRequest(entries.list, from, before) || !$changesShownItems.get()) return Promise.resolve(false);
  // Where the row lands, as the list numbers it when the move is made (told once the provider took it).
  const told = movedWords(rowAfterMove(from, before), songCountOf(data.totalTracks, entries));
  // A move always has its positions: it is made on the list shown, and one that cannot be placed is dropped unsent.
  return queueItemEdit(id, { move: { from, before } }, ({ move, snapshotId }) => reorderPlaylistItems(id, { ...move!, snapshotId })).then(
    (taken) => {
      if (taken) $moveTold.set({ words: told });
      return taken;
    },
    (error: unknown) => {
      refused(error, 'Could not reorder the playlist');
      return false;
    },
  );
}

/** "Move up": the row changes places with the one above it. */
export function moveEntryUp(index: number): Promise<boolean> {
  return moveShownEntry(index, index - 1);
}

/** Whether row `index` of the playlist on screen has a row below it: shown, or on a page still to load. */
export function hasEntryBelow(state: PagedListState<unknown>, index: number): boolean {
  return index < state.list.length - 1 || (index === state.list.length - 1 && state.hasMore && !state.error);
}

/**
 * "Move down": the row changes places with the one below it. The last row shown of a longer
 * playlist has it on the next page, which loads first (the move is made on the list shown).
 */
export async function moveEntryDown(index: number): Promise<boolean> {
  const { list } = playlistTracks.$state.get();
  if (index !== list.length - 1) return moveShownEntry(index, index + 2);
  const playlistId = playlistArea.$state.get().id;
  const entry = list[index];
  await playlistTracks.loadNextPage();
  // Meanwhile the user may have opened another playlist, or moved rows: the entry is found again.
  if (playlistArea.$state.get().id !== playlistId) return false;
  const now = playlistTracks.$state.get().list.indexOf(entry!);
  return now === -1 ? false : moveShownEntry(now, now + 2);
}
