import { atom } from 'nanostores';
import type { Playlist, Track } from '../api/types';
import { closeOnRouteChange } from './ui';

// Which playlist dialog is open, and the user's own playlists, apart from my-playlists.ts
// (re-exported there): the shell reads these on every route (its dialogs, the side
// navigation's playlists), the dialogs and their actions load when one is needed.

/** The track the Add to playlist picker is open for (null: closed). */
export const $playlistPicker = atom<Track | null>(null);
/** Adding a track already in the playlist waits for the user's answer here. */
export const $duplicatePrompt = atom<{ playlist: Playlist; track: Track } | null>(null);
/** The session lacks playlist-modify-* (signed in before they were asked): it must sign in again. */
export const $signInAgain = atom(false);
/** The user's own playlists (the Add to playlist menu, the side navigation), newest first; null until asked. */
export const $ownPlaylists = atom<Playlist[] | null>(null);
/** The last try at listing them failed: the picker offers to try again instead of waiting for nothing. */
export const $ownPlaylistsFailed = atom(false);
/** A playlist is being made (the Create Playlist tile waits). */
export const $creatingPlaylist = atom(false);

/**
 * Closes whichever playlist dialog is open, as its Close would: the picker forgets its track, the
 * duplicate question is answered "Don't add" (nothing waits on it), the sign-in prompt is put off.
 */
export function closePlaylistDialogs(): void {
  $playlistPicker.set(null);
  $duplicatePrompt.set(null);
  $signInAgain.set(false);
}

// They go with the page they were opened over (ui.ts): the picker no longer holds that page's track.
// The three show in one island, which listens to them together.
closeOnRouteChange($playlistPicker, closePlaylistDialogs);
