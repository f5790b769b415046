import { ALBUM_FIRST_TRACKS, getAlbum, getAlbumTracks, withAlbum } from '../../api/albums';
import type { AlbumSeed } from '../../api/page-seeds';
import { detailEntityOf, idsOf, libraryFlagsOf, partOf, type PageParts } from '../page-data';

/**
 * /album/{id}: the album, its first 20 tracks and the Save flag side by side; the tracks'
 * hearts are asked as soon as the tracks are known, beside the rest. The head (the album and
 * its Save flag) is one answer away, the tracks with their hearts two, so the page may stream
 * them (`splitPageSeed`).
 */
export function startAlbumPage(id: string): PageParts<AlbumSeed> {
  const album = detailEntityOf(id, getAlbum(id));
  const saved = libraryFlagsOf('album', [id]);
  const tracks = partOf(getAlbumTracks(id, 0, ALBUM_FIRST_TRACKS));
  const likes = tracks.then((first) => libraryFlagsOf('track', idsOf(first?.items)));
  const head = Promise.all([album, saved]).then(([found, save]): AlbumSeed => (found.data ? { ...found, flags: { album: save } } : found));
  const whole = Promise.all([head, tracks, likes]).then(([first, page, liked]): AlbumSeed =>
    first.data ? { ...first, lists: { tracks: page && withAlbum(page, first.data) }, flags: { ...first.flags, track: liked } } : first,
  );
  return { head, whole };
}
