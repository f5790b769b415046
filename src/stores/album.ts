import { getAlbum, getAlbumTracks } from '../api/albums';
import type { Album, Track } from '../api/types';
import { createDetailArea } from './detail-area';
import { checkLikesOf } from './library';

/** SPEC §7: the album page asks 20 tracks first, then 10 per page. */
const ALBUM_FIRST_TRACKS = 20;

/** The album page: the album, its numbered track list; its Save flag lives in the library store. */
export const albumArea = createDetailArea<Album, Record<string, never>, { tracks: Track }>({
  load: getAlbum,
  lists: {
    tracks: { limit: 10, firstLimit: ALBUM_FIRST_TRACKS, load: (id, album, offset, limit) => getAlbumTracks(id, offset, limit, album) },
  },
  libraryKind: 'album',
});

/** The album area's state. */
export const $album = albumArea.$state;
/** The album's tracks (SPEC §4's paging). */
export const albumTracks = albumArea.lists.tracks;

albumArea.bindRoutes(['album'], 'albumId');

// The hearts of the album's track list.
checkLikesOf(albumTracks.$state, (state) => state.list.map((track) => track.id));
