import { ALBUM_FIRST_TRACKS, getAlbum, getAlbumTracks, withAlbum } from '../../api/albums';
import type { AlbumSeed } from '../../api/page-seeds';
import { detailSeed, entityOf, idsOf, libraryFlagsOf, partOf } from '../page-data';

/**
 * /album/{id}: the album, its first 20 tracks and the Save flag side by side; the tracks'
 * hearts are asked as soon as the tracks are known, beside the rest.
 */
export async function loadAlbumPage(id: string): Promise<AlbumSeed> {
  const tracks = partOf(getAlbumTracks(id, 0, ALBUM_FIRST_TRACKS));
  const [entity, page, saved, likes] = await Promise.all([
    entityOf(getAlbum(id)),
    tracks,
    libraryFlagsOf('album', [id]),
    tracks.then((first) => libraryFlagsOf('track', idsOf(first?.items))),
  ]);
  if (!entity.data) return { ...detailSeed(id), ...entity };
  return { ...detailSeed(id), ...entity, lists: { tracks: page && withAlbum(page, entity.data) }, flags: { album: saved, track: likes } };
}
