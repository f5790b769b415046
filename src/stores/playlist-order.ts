import { computed } from 'nanostores';
import { reorderPlaylistItems } from '../api/playlist-edits';
import { reorderRequest } from '../lib/playlist-order';
import { $ownsShownPlaylist, refused } from './my-playlists';
import { playlistArea, playlistTracks } from './playlist';
import { changeShownPlaylist, noteShownSnapshot } from './playlist-shown';

/** Whether the user may change the items of the playlist on screen: theirs, or a collaborative one (the provider's rule). */
export const $changesShownItems = computed([$ownsShownPlaylist, playlistArea.$state], (owns, state) => owns || !!state.data?.collaborative);

// Moves go to the provider one after another, each against the version the one before it
// answered: the positions of a move are those of the list after the moves before it. A
// refusal rolls back its move and drops the moves queued behind it (they were made on top).
let sending: Promise<unknown> = Promise.resolve();
let refusals = 0;

/**
 * Moves row `from` of the playlist on screen to before row `before` (its length: after the
 * last row): shown at once, then asked of the provider; rolled back with the toast when it
 * refuses. Resolves to whether the provider took it.
 */
export function moveShownEntry(from: number, before: number): Promise<boolean> {
  const { id, data } = playlistArea.$state.get();
  const request = reorderRequest(playlistTracks.$state.get().list, from, before);
  if (!data || !request || !$changesShownItems.get()) return Promise.resolve(false);
  const undo = changeShownPlaylist(id, { move: { from, before } });
  const mine = refusals;
  const sent = sending.then(async () => {
    if (mine !== refusals) return false;
    try {
      const snapshotId = playlistArea.$state.get().id === id ? playlistArea.$state.get().data?.snapshotId : null;
      noteShownSnapshot(id, await reorderPlaylistItems(id, { ...request, snapshotId }));
      return true;
    } catch (error) {
      refusals += 1;
      undo();
      refused(error, 'Could not reorder the playlist');
      return false;
    }
  });
  sending = sent;
  return sent;
}

/** "Move up": the row changes places with the one above it. */
export function moveEntryUp(index: number): Promise<boolean> {
  return moveShownEntry(index, index - 1);
}

/** "Move down": the row changes places with the one below it. */
export function moveEntryDown(index: number): Promise<boolean> {
  return moveShownEntry(index, index + 2);
}
