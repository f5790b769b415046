import type { PlaylistSeed } from '../../api/page-seeds';
import { getPlaylist, getPlaylistTracks } from '../../api/playlists';
import { isCapabilityOpen } from '../page-calls';
import { detailSeed, entityOf, libraryFlagsOf, partOf, viewerOf } from '../page-data';
import type { SessionContext } from '../session-tokens';

/**
 * /playlist/{id}: the playlist, its first 10 entries and the signed-in user side by side
 * (development mode serves another user's playlist without its tracks: 'unavailable'); the
 * entries' hearts as soon as they are known. Playlists are not shared between sessions:
 * their owners change them.
 */
export async function loadPlaylistPage(context: SessionContext, id: string): Promise<PlaylistSeed> {
  const entries = partOf(getPlaylistTracks(id)).then((page) => (page && 'unavailable' in page ? ('unavailable' as const) : page));
  const [entity, tracks, viewer, likes] = await Promise.all([
    entityOf(getPlaylist(id)),
    entries,
    viewerOf(context),
    entries.then((page) => libraryFlagsOf('track', typeof page === 'object' && page ? page.items.map((entry) => entry.track.id) : [])),
  ]);
  const base = { ...detailSeed(id), ...entity, viewer, usersOpen: isCapabilityOpen('otherUsers') };
  return entity.data ? { ...base, lists: { tracks }, flags: { track: likes } } : base;
}
