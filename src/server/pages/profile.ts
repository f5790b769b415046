import { getFollowedArtists, getMe, getTopArtists, getTopTracks } from '../../api/me';
import type { ProfileSeed } from '../../api/page-seeds';
import { SECTION_SIZE } from '../../lib/see-all';
import { detailEntityOf, heldFlags, idsOf, libraryFlagsOf, partOf } from '../page-data';

/**
 * /user/me: the profile (asked afresh: its follower count changes), Top artists and Top tracks
 * this month and Your Following, 10 each, side by side; the hearts and Follow flags of what
 * they show as soon as each is known (Your Following is followed by definition).
 */
export async function loadProfilePage(): Promise<ProfileSeed> {
  const topArtists = partOf(getTopArtists(0, SECTION_SIZE).then((page) => page.items));
  const topTracks = partOf(getTopTracks(0, SECTION_SIZE).then((page) => page.items));
  const following = partOf(getFollowedArtists(SECTION_SIZE));
  const [entity, artists, tracks, followed, artistFlags, likes] = await Promise.all([
    detailEntityOf('me', getMe()),
    topArtists,
    topTracks,
    following,
    topArtists.then((items) => libraryFlagsOf('artist', idsOf(items))),
    topTracks.then((items) => libraryFlagsOf('track', idsOf(items))),
  ]);
  if (!entity.data) return entity;
  return {
    ...entity,
    sections: { topArtists: artists, topTracks: tracks, following: followed },
    flags: { artist: { ...artistFlags, ...heldFlags(idsOf(followed)) }, track: likes },
  };
}
