import { getPlaylist, getPlaylistTracks } from '../../api/playlists';
import type { PlaylistSeed } from '../../api/page-seeds';
import { isCapabilityOpen } from '../page-calls';
import { detailSeed, entityOf, libraryFlagsOf, partOf, viewerOf } from '../page-data';
import type { SessionContext } from '../session-tokens';

/**
 * /playlist/{id}: the playlist, its first 10 entries and the signed-in user side by side
 * (development mode serves another user's playlist without its tracks: 'unavailable'), then
 * the entries' hearts. Playlists are not shared between sessions: their owners change them.
 */
export async function loadPlaylistPage(context: SessionContext, id: string): Promise<PlaylistSeed> {
  const [entity, entries, viewer] = await Promise.all([entityOf(getPlaylist(id)), partOf(getPlaylistTracks(id)), viewerOf(context)]);
  const base = { ...detailSeed(id), ...entity, viewer, usersOpen: isCapabilityOpen('otherUsers') };
  if (!entity.data) return base;
  const tracks = entries && 'unavailable' in entries ? 'unavailable' : entries;
  const likes = await libraryFlagsOf('track', typeof tracks === 'object' && tracks ? tracks.items.map((entry) => entry.track.id) : []);
  return { ...base, lists: { tracks }, flags: { track: likes } };
}
