import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../api/artists';
import type { ArtistSeed } from '../../api/page-seeds';
import { SECTION_SIZE } from '../../lib/see-all';
import { detailSeed, entityOf, libraryFlagsOf, partOf } from '../page-data';

/**
 * /artist/{id}: the artist, Popular Tracks, Fans Also like, the first albums and the Follow
 * flag side by side (a section the provider refuses is hidden, DESIGN §2); then the flags of
 * what they show: the hearts, the albums' Save and the related artists' Follow.
 */
export async function loadArtistPage(id: string): Promise<ArtistSeed> {
  const [entity, topTracks, relatedArtists, albums, followed] = await Promise.all([
    entityOf(getArtist(id)),
    partOf(getArtistTopTracks(id)),
    partOf(getRelatedArtists(id)),
    partOf(getArtistAlbums(id, 0, SECTION_SIZE)),
    libraryFlagsOf('artist', [id]),
  ]);
  if (!entity.data) return { ...detailSeed(id), ...entity };
  const [track, album, artist] = await Promise.all([
    libraryFlagsOf('track', topTracks?.map((one) => one.id) ?? []),
    libraryFlagsOf('album', albums?.items.map((one) => one.id) ?? []),
    libraryFlagsOf('artist', relatedArtists?.map((one) => one.id) ?? []),
  ]);
  return {
    ...detailSeed(id),
    ...entity,
    sections: { topTracks, relatedArtists },
    lists: { albums },
    flags: { track, album, artist: { ...artist, ...followed } },
  };
}
