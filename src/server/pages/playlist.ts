import { isPlaylistInLibrary } from '../../api/library';
import { playlistPage, type PlaylistSeed } from '../../api/playlists';
import { areOtherUsersOpen } from '../../api/users';
import { startDetailPage, viewerOf, type PageParts } from '../page-data';
import type { SessionContext } from '../session-tokens';

/**
 * /playlist/{id}: the detail page (`playlistPage`) with the signed-in user beside it, asked at
 * the same time: whether the playlist is theirs to edit is part of its head, and so is whether
 * other users' profiles are open to this app (the owner as a link). A session that does not know
 * that yet learns it here, beside the playlist's calls rather than after them: a link drawn on a
 * guess led the first click of a development-mode session to "Not available for this app".
 * Whether the user's own is in their library is asked once both are known, beside its entries:
 * the part that streams waits for it, the head offers removal as before (a playlist of the
 * user's mostly is there).
 */
export function startPlaylistPage(context: SessionContext, id: string, address?: URL): PageParts<PlaylistSeed> {
  const { head, whole } = startDetailPage(playlistPage, id, {}, address);
  const viewer = viewerOf(context).then(async (user) => ({ viewer: user, usersOpen: await areOtherUsersOpen(user?.id ?? null) }));
  const withViewer = head.then((shown) => viewer.then((seen) => ({ ...shown, ...seen })));
  const inLibrary = withViewer.then((seed) =>
    seed.data && seed.viewer && seed.data.owner.id === seed.viewer.id ? isPlaylistInLibrary(id).catch(() => null) : null,
  );
  return {
    head: withViewer.then((seed) => ({ ...seed, inLibrary: null })),
    whole: Promise.all([whole, viewer, inLibrary]).then(([shown, seen, flag]) => ({ ...shown, ...seen, inLibrary: flag })),
  };
}
