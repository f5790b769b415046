import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../api/artists';
import type { ArtistSeed } from '../../api/page-seeds';
import { SECTION_SIZE } from '../../lib/see-all';
import { detailSeed, entityOf, idsOf, libraryFlagsOf, partOf } from '../page-data';

/**
 * /artist/{id}: the artist, Popular Tracks, Fans Also like, the first albums and the Follow
 * flag side by side (a section the provider refuses is hidden, DESIGN §2); the flags of what
 * each section shows (hearts, the albums' Save, the related artists' Follow) are asked as
 * soon as that section is known.
 */
export async function loadArtistPage(id: string): Promise<ArtistSeed> {
  const topTracks = partOf(getArtistTopTracks(id));
  const relatedArtists = partOf(getRelatedArtists(id));
  const albums = partOf(getArtistAlbums(id, 0, SECTION_SIZE));
  const [entity, tracks, related, firstAlbums, followed, likes, saved, followedRelated] = await Promise.all([
    entityOf(getArtist(id)),
    topTracks,
    relatedArtists,
    albums,
    libraryFlagsOf('artist', [id]),
    topTracks.then((items) => libraryFlagsOf('track', idsOf(items))),
    albums.then((page) => libraryFlagsOf('album', idsOf(page?.items))),
    relatedArtists.then((items) => libraryFlagsOf('artist', idsOf(items))),
  ]);
  if (!entity.data) return { ...detailSeed(id), ...entity };
  return {
    ...detailSeed(id),
    ...entity,
    sections: { topTracks: tracks, relatedArtists: related },
    lists: { albums: firstAlbums },
    flags: { track: likes, album: saved, artist: { ...followedRelated, ...followed } },
  };
}
