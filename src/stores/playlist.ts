import { playlistPage } from '../api/playlists';
import { createDetailArea } from './detail-area';

/** The playlist page (`playlistPage`): the playlist and its entries, 10 per page, with their hearts. */
export const playlistArea = createDetailArea(playlistPage);

/** The playlist area's state. */
export const $playlist = playlistArea.$state;
/** The playlist's entries; those with an empty track name are already dropped (SPEC §4). */
export const playlistTracks = playlistArea.lists.tracks;

/** Whether a description may be shown: SPEC §2 hides one that contains a link. */
export function isDescriptionShown(description: string): boolean {
  return description.trim() !== '' && !/<a\b|https?:\/\/|www\./i.test(description);
}

playlistArea.bindRoutes(['playlist'], 'playlistId');
