import type { Playlist } from '../api/types';
import { playlistActions } from './playlist-actions';
import { $trackDrag, endTrackDrag } from './track-drag';

// The side navigation's list of the user's playlists (wide screens), where a dragged track is
// dropped. It is on every route, so it stays light: the playlist actions load when first needed
// (./playlist-actions.ts), and no page asks for the list while it loads (the islands start from
// the server's data).

/**
 * The side navigation opened (pointer or keyboard), or a track is being dragged: its playlists
 * are listed, and asked again when the list is no longer fresh (my-playlists.ts listOwnPlaylists:
 * made or removed in another tab or app meanwhile).
 */
export function openNavPlaylists(): void {
  void playlistActions().then((actions) => actions.listOwnPlaylists());
}

// A drag starts where the playlists may not be listed yet: they load before the pointer gets there.
$trackDrag.listen((drag) => {
  if (drag) openNavPlaylists();
});

/** A track dropped on one of the user's playlists: added (shown at once, rolled back with the toast if refused). */
export async function dropOnPlaylist(playlist: Playlist): Promise<boolean> {
  const track = $trackDrag.get()?.track;
  endTrackDrag();
  if (!track) return false;
  const actions = await playlistActions();
  return actions.addToPlaylist(playlist, track);
}
