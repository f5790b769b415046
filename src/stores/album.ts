import { albumPage } from '../api/albums';
import { createDetailArea } from './detail-area';

/**
 * The album page (`albumPage`): the album, its numbered track list; its Save flag and the
 * tracks' hearts live in the library store. The server renders it and the island adopts that;
 * the browser asks only for the pages after the first.
 */
export const albumArea = createDetailArea(albumPage);

/** The album area's state. */
export const $album = albumArea.$state;
/** The album's tracks (SPEC §4's paging). */
export const albumTracks = albumArea.lists.tracks;
