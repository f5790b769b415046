import type { Playlist, PlaylistEntry, Track } from '../api/types';
import { moveEntry, removeEntries } from '../lib/playlist-order';
import { hrefOf } from '../lib/routes';
import { forgetPage } from './page-memory';
import { playlistArea, playlistTracks } from './playlist';

/**
 * A change to the playlist on screen: a track added at the end, a track's every entry removed,
 * new details, or the row `from` moved to before the row `before`.
 */
type ShownChange =
  | { add: Track }
  | { remove: string }
  | { details: Pick<Playlist, 'name' | 'description'> }
  | { move: { from: number; before: number } };

/**
 * Shows a change at once on the playlist page when it shows that playlist (the header's
 * count and name, the track list) and returns the undo, for a refusal. Elsewhere it does
 * nothing but forget what was remembered of that playlist, so a visit asks afresh.
 */
export function changeShownPlaylist(id: string, change: ShownChange): () => void {
  // The page kept for back and forward shows it as it was: back asks the site again.
  forgetPage(hrefOf('playlist', { playlistId: id }));
  const area = playlistArea.$state.get();
  if (area.id !== id || !area.data) {
    playlistArea.forget(id);
    return () => playlistArea.forget(id);
  }
  const before = { data: area.data, tracks: playlistTracks.$state.get() };
  const { list, hasMore, loaded } = before.tracks;
  let data: Playlist = area.data;
  if ('add' in change) {
    data = { ...data, totalTracks: (data.totalTracks ?? list.length) + 1 };
    // Appended only when the list is complete; otherwise it arrives with the last page.
    if (loaded && !hasMore) {
      const position = area.data.totalTracks ?? (list.at(-1)?.position ?? -1) + 1;
      const entry: PlaylistEntry = { track: change.add, addedAt: new Date().toISOString(), position };
      playlistTracks.$state.setKey('list', [...list, entry]);
    }
  } else if ('remove' in change) {
    const kept = removeEntries(list, (entry) => entry.track.id === change.remove);
    const removed = list.length - kept.length;
    data = { ...data, totalTracks: Math.max(0, (data.totalTracks ?? list.length) - removed) };
    // The provider closes the gap: the next page starts that many entries earlier, or the entry
    // that moved up into it would never be asked for.
    playlistTracks.$state.set({ ...before.tracks, list: kept, offset: Math.max(0, before.tracks.offset - removed) });
    // Every shown row gone while more remain: nothing is left to scroll to, so the next page comes now.
    if (kept.length === 0 && hasMore) void playlistTracks.loadNextPage();
  } else if ('move' in change) {
    playlistTracks.$state.setKey('list', moveEntry(list, change.move.from, change.move.before));
  } else {
    data = { ...data, ...change.details };
  }
  playlistArea.$state.setKey('data', data);
  return () => {
    if (playlistArea.$state.get().id !== id) return;
    // A move changed no details: the snapshot noted since (an earlier change answered) stays.
    if (!('move' in change)) playlistArea.$state.setKey('data', before.data);
    playlistTracks.$state.set(before.tracks);
  };
}

/** The playlist's version after a change the provider answered (its snapshot_id), for the next change made against it. */
export function noteShownSnapshot(id: string, snapshotId: string): void {
  const { id: shown, data } = playlistArea.$state.get();
  if (shown === id && data && snapshotId) playlistArea.$state.setKey('data', { ...data, snapshotId });
}
