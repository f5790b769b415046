import type { PlaylistSeed } from '../../api/page-seeds';
import { getPlaylist, getPlaylistTracks } from '../../api/playlists';
import { isCapabilityOpen } from '../page-calls';
import { detailEntityOf, libraryFlagsOf, partOf, viewerOf, type PageParts } from '../page-data';
import type { SessionContext } from '../session-tokens';

/**
 * /playlist/{id}: the playlist, its first 10 entries and the signed-in user side by side
 * (development mode serves another user's playlist without its tracks: 'unavailable'); the
 * entries' hearts as soon as they are known. Playlists are not shared between sessions:
 * their owners change them. The head (the playlist and the signed-in user, whether it is
 * theirs to edit) is one answer away, the entries with their hearts two, so the page may
 * stream them (`splitPageSeed`).
 */
export function startPlaylistPage(context: SessionContext, id: string): PageParts<PlaylistSeed> {
  const playlist = detailEntityOf(id, getPlaylist(id));
  const viewer = viewerOf(context);
  const entries = partOf(getPlaylistTracks(id)).then((page) => (page && 'unavailable' in page ? ('unavailable' as const) : page));
  const likes = entries.then((page) => libraryFlagsOf('track', typeof page === 'object' && page ? page.items.map((entry) => entry.track.id) : []));
  const head = Promise.all([playlist, viewer]).then(([found, user]): PlaylistSeed => ({ ...found, viewer: user, usersOpen: isCapabilityOpen('otherUsers') }));
  const whole = Promise.all([head, entries, likes]).then(([first, tracks, liked]): PlaylistSeed =>
    first.data ? { ...first, lists: { tracks }, flags: { track: liked } } : first,
  );
  return { head, whole };
}
