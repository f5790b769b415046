import type { Playlist, PlaylistEntry, Track } from '../api/types';
import { playlistArea, playlistTracks } from './playlist';

/** A change to the playlist on screen: a track added at the end, a track's every entry removed, or new details. */
type ShownChange = { add: Track } | { remove: string } | { details: Pick<Playlist, 'name' | 'description'> };

/**
 * Shows a change at once on the playlist page when it shows that playlist (the header's
 * count and name, the track list) and returns the undo, for a refusal. Elsewhere it does
 * nothing but forget what was remembered of that playlist, so a visit asks afresh.
 */
export function changeShownPlaylist(id: string, change: ShownChange): () => void {
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
      const entry: PlaylistEntry = { track: change.add, addedAt: new Date().toISOString() };
      playlistTracks.$state.setKey('list', [...list, entry]);
    }
  } else if ('remove' in change) {
    const kept = list.filter((entry) => entry.track.id !== change.remove);
    data = { ...data, totalTracks: Math.max(0, (data.totalTracks ?? list.length) - (list.length - kept.length)) };
    playlistTracks.$state.setKey('list', kept);
  } else {
    data = { ...data, ...change.details };
  }
  playlistArea.$state.setKey('data', data);
  return () => {
    if (playlistArea.$state.get().id !== id) return;
    playlistArea.$state.setKey('data', before.data);
    playlistTracks.$state.set(before.tracks);
  };
}
