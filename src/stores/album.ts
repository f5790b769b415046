import { ALBUM_FIRST_TRACKS, ALBUM_TRACKS_PAGE, getAlbum, getAlbumTracks } from '../api/albums';
import type { Album, Track } from '../api/types';
import { createDetailArea } from './detail-area';
import { checkLikesOf } from './library';

/**
 * The album page: the album, its numbered track list; its Save flag lives in the library
 * store. The server renders it (src/server/pages/album.ts) and the island adopts that;
 * the browser asks only for the pages after the first.
 */
export const albumArea = createDetailArea<Album, Record<string, never>, { tracks: Track }>({
  load: getAlbum,
  lists: {
    tracks: { limit: ALBUM_TRACKS_PAGE, firstLimit: ALBUM_FIRST_TRACKS, load: (id, album, offset, limit) => getAlbumTracks(id, offset, limit, album) },
  },
  libraryKind: 'album',
});

/** The album area's state. */
export const $album = albumArea.$state;
/** The album's tracks (SPEC §4's paging). */
export const albumTracks = albumArea.lists.tracks;

// The hearts of the album's track list (the pages after the server's first).
checkLikesOf(albumTracks.$state, (state) => state.list.map((track) => track.id));
