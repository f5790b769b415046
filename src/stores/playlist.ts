import { map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { getPlaylist, getPlaylistTracks } from '../api/playlists';
import type { Playlist, PlaylistEntry } from '../api/types';
import { createTicket, emptyDetail, loadingDetail, type DetailState } from './detail';
import { createPagedList } from './paged-list';
import { onRoute } from './route';
import { withTopLoading } from './ui';

export interface PlaylistState extends DetailState<Playlist> {
  /** Development mode: the provider shows this playlist's header but not its tracks (DESIGN §2). */
  tracksUnavailable: boolean;
}

/** The playlist page: the playlist and the header colour. */
export const $playlist = map<PlaylistState>({ ...emptyDetail<Playlist>(), tracksUnavailable: false });

let playlistId = '';
const ticket = createTicket();

/** The playlist's entries, 10 per page; entries with an empty track name are already dropped. */
export const playlistTracks = createPagedList<PlaylistEntry>(async (offset, limit) => {
  const page = await getPlaylistTracks(playlistId, offset, limit);
  if ('unavailable' in page) {
    $playlist.setKey('tracksUnavailable', true);
    return { items: [], offset, limit, total: 0 };
  }
  return page;
}, 10);

/** Whether a description may be shown: SPEC §2 hides one that contains a link. */
export function isDescriptionShown(description: string): boolean {
  return description.trim() !== '' && !/<a\b|https?:\/\//i.test(description);
}

/** Empties the playlist area. */
export function resetPlaylist(): void {
  ticket.next();
  $playlist.set({ ...emptyDetail<Playlist>(), tracksUnavailable: false });
  playlistTracks.reset();
}

/** Loads a playlist: data, then its first tracks. */
export async function loadPlaylist(id: string): Promise<void> {
  resetPlaylist();
  const mine = ticket.next();
  playlistId = id;
  $playlist.set({ ...loadingDetail<Playlist>(), tracksUnavailable: false });
  try {
    const playlist = await withTopLoading(getPlaylist(id));
    if (!ticket.isCurrent(mine)) return;
    $playlist.set({ ...$playlist.get(), loading: false, data: playlist });
  } catch (error) {
    if (!ticket.isCurrent(mine) || isCanceled(error)) return;
    $playlist.set({ ...$playlist.get(), loading: false, error });
    return;
  }
  await playlistTracks.loadFirstPage();
}

// The playlist page loads itself on entry and resets on exit.
onMount($playlist, () => onRoute(['playlist'], (route) => void loadPlaylist(route.params.playlistId ?? ''), resetPlaylist));
