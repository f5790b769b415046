import { playlistPage, type PlaylistSeed } from '../../api/playlists';
import { isCapabilityOpen } from '../page-calls';
import { startDetailPage, viewerOf, type PageParts } from '../page-data';
import type { SessionContext } from '../session-tokens';

/**
 * /playlist/{id}: the detail page (`playlistPage`) with the signed-in user beside it, asked at
 * the same time: whether the playlist is theirs to edit is part of its head, and so is whether
 * other users' profiles are open to this app (the owner as a link).
 */
export function startPlaylistPage(context: SessionContext, id: string): PageParts<PlaylistSeed> {
  const { head, whole } = startDetailPage(playlistPage, id);
  const viewer = viewerOf(context).then((user) => ({ viewer: user, usersOpen: isCapabilityOpen('otherUsers') }));
  const withViewer = <S>(seed: Promise<S>) => Promise.all([seed, viewer]).then(([shown, seen]) => ({ ...shown, ...seen }));
  return { head: withViewer(head), whole: withViewer(whole) };
}
