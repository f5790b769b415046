import { isUnavailable } from '../../api/errors';
import type { UserSeed } from '../../api/page-seeds';
import { getUser, getUserPlaylists } from '../../api/users';
import { detailEntityOf, libraryFlagsOf } from '../page-data';

/**
 * /user/{id}: the user, their first 20 public playlists and the Follow flag side by side (in
 * development mode other users' profiles are gone: 'unavailable', DESIGN §2).
 */
export async function loadUserPage(id: string): Promise<UserSeed> {
  const [entity, playlists, followed] = await Promise.all([
    detailEntityOf(id, getUser(id)),
    getUserPlaylists(id).catch((error: unknown) => (isUnavailable(error) ? ('unavailable' as const) : null)),
    libraryFlagsOf('user', [id]),
  ]);
  return { ...entity, lists: { playlists }, flags: { user: followed } };
}
