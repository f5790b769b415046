import { atom } from 'nanostores';
import type { Playlist, Track } from '../api/types';

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
