import { artistPage } from '../api/artists';
import type { Artist } from '../api/types';
import { createDetailArea } from './detail-area';

/** SPEC §9: Verified when followers exceed 1000. */
const VERIFIED_FOLLOWERS = 1000;

/** The artist pages (`artistPage`): the artist, Popular Tracks and Fans Also like (each hidden on failure), Albums By {artist}. */
export const artistArea = createDetailArea(artistPage);

/** The artist area's state. */
export const $artist = artistArea.$state;
/** Albums By {artist}, 10 per page. */
export const artistAlbums = artistArea.lists.albums;

/** Whether an artist shows the Verified label (hidden when the provider gives no count). */
export function isVerified(artist: Artist | null): boolean {
  return (artist?.followers ?? 0) > VERIFIED_FOLLOWERS;
}

artistArea.bindRoutes(['artist', 'relatedArtists', 'artistAlbums'], 'artistId');
