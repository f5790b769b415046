import { playlistPage } from '../api/playlists';
import { createDetailArea } from './detail-area';
import { holdsWhole, type PagedListState } from './paged-list';

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

/**
 * The song count the header shows: the provider's total, else the entries once all have come;
 * none while they are coming, or where this app may not read them (development mode leaves the
 * total out for a playlist the user does not own, DESIGN §2: not "0 songs" above "not available").
 * Entries stopped at SPEC §4's cap are not all of them (holdsWhole): not "100 songs" for more.
 */
export function songCountOf(total: number | null, entries: PagedListState<unknown>): number | null {
  if (total !== null) return total;
  return holdsWhole(entries) ? entries.list.length : null;
}
