import type { Track } from '../api/types';
import { logUnlessCanceled } from './log';

// The playlist actions (./my-playlists.ts: list, create, edit, add, remove) load the first time
// one is used. The shell on every route offers two of them (the side navigation's list, the
// player card's Add to playlist), the library a third (Create Playlist), and a static import
// brought the stores they keep up to date along (the playlist page's, the library's, the
// profile's, the detail area): about 6 KB of compressed JavaScript on every page, for a page
// that changes no playlist.

/** The playlist actions' module, fetched once. */
export const playlistActions = () => import('./my-playlists');

/** Runs one of the actions once they have loaded (a click's: nothing waits for it). */
function withPlaylistActions(run: (actions: Awaited<ReturnType<typeof playlistActions>>) => unknown): void {
  playlistActions().then(run, (error: unknown) => logUnlessCanceled('Could not load the playlist actions', error));
}

/** Opens the Add to playlist picker for a track (the player card, the now-playing view). */
export function pickPlaylistFor(track: Track): void {
  withPlaylistActions((actions) => actions.openPlaylistPicker(track));
}

/** Create Playlist (Your Library): makes "My Playlist #N" and opens it. */
export function createPlaylistAndOpen(): void {
  withPlaylistActions((actions) => actions.createAndOpenPlaylist());
}
