import { ApiError, UNAVAILABLE_MESSAGE } from '../api/errors';
import { getPlaylist, getPlaylistTracks } from '../api/playlists';
import type { Playlist, PlaylistEntry } from '../api/types';
import { createDetailArea } from './detail-area';
export type { PlaylistSeed } from '../api/page-seeds';
import { checkLikesOf } from './library';

/** The playlist page: the playlist and its entries, 10 per page. */
export const playlistArea = createDetailArea<Playlist, Record<string, never>, { tracks: PlaylistEntry }>({
  load: getPlaylist,
  lists: {
    tracks: {
      limit: 10,
      load: async (id, _playlist, offset, limit) => {
        const page = await getPlaylistTracks(id, offset, limit);
        // Development mode shows the header of a playlist the user does not own, not its tracks.
        if ('unavailable' in page) throw new ApiError('unavailable', UNAVAILABLE_MESSAGE);
        return page;
      },
    },
  },
});

/** The playlist area's state. */
export const $playlist = playlistArea.$state;
/** The playlist's entries; those with an empty track name are already dropped (SPEC §4). */
export const playlistTracks = playlistArea.lists.tracks;

/** Whether a description may be shown: SPEC §2 hides one that contains a link. */
export function isDescriptionShown(description: string): boolean {
  return description.trim() !== '' && !/<a\b|https?:\/\/|www\./i.test(description);
}

playlistArea.bindRoutes(['playlist'], 'playlistId');

// The hearts of the playlist's track list.
checkLikesOf(playlistTracks.$state, (state) => state.list.map((entry) => entry.track.id));
