import { ALBUM_FIRST_TRACKS, getAlbum, getAlbumTracks, withAlbum } from '../../api/albums';
import type { AlbumSeed } from '../../api/page-seeds';
import { detailSeed, entityOf, libraryFlagsOf, partOf } from '../page-data';

/** /album/{id}: the album, its first 20 tracks and the Save flag side by side, then the tracks' hearts. */
export async function loadAlbumPage(id: string): Promise<AlbumSeed> {
  const [entity, tracks, saved] = await Promise.all([entityOf(getAlbum(id)), partOf(getAlbumTracks(id, 0, ALBUM_FIRST_TRACKS)), libraryFlagsOf('album', [id])]);
  if (!entity.data) return { ...detailSeed(id), ...entity };
  const page = tracks && withAlbum(tracks, entity.data);
  const likes = await libraryFlagsOf('track', page?.items.map((track) => track.id) ?? []);
  return { ...detailSeed(id), ...entity, lists: { tracks: page }, flags: { album: saved, track: likes } };
}
