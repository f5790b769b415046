import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../api/artists';
import type { Album, Artist, Track } from '../api/types';
import { createDetailArea } from './detail-area';
import { checkLibraryOf, checkLikesOf } from './library';

/** SPEC §9: Verified when followers exceed 1000. */
const VERIFIED_FOLLOWERS = 1000;

/** The artist pages: the artist, Popular Tracks and Fans Also like (each hidden on failure), Albums By {artist}. */
export const artistArea = createDetailArea<Artist, { topTracks: Track; relatedArtists: Artist }, { albums: Album }>({
  load: getArtist,
  sections: {
    topTracks: (id) => getArtistTopTracks(id),
    relatedArtists: (id) => getRelatedArtists(id),
  },
  // DESIGN §2: development mode gives at most 10 albums per page.
  lists: { albums: { limit: 10, load: (id, _artist, offset, limit) => getArtistAlbums(id, offset, limit) } },
  libraryKind: 'artist',
});

/** The artist area's state. */
export const $artist = artistArea.$state;
/** Albums By {artist}, 10 per page. */
export const artistAlbums = artistArea.lists.albums;

/** Whether an artist shows the Verified label (hidden when the provider gives no count). */
export function isVerified(artist: Artist | null): boolean {
  return (artist?.followers ?? 0) > VERIFIED_FOLLOWERS;
}

artistArea.bindRoutes(['artist', 'relatedArtists', 'artistAlbums'], 'artistId');

// The hearts of Popular Tracks.
checkLikesOf($artist, (state) => state.sections.topTracks.items.map((track) => track.id));
// The Save and Follow buttons of Albums By {artist} and Fans Also like.
checkLibraryOf('album', artistAlbums.$state, (state) => state.list.map((album) => album.id));
checkLibraryOf('artist', $artist, (state) => state.sections.relatedArtists.items.map((related) => related.id));
