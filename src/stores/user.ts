import type { Playlist, UserProfile } from '../api/types';
import { getUser, getUserPlaylists } from '../api/users';
import { createDetailArea } from './detail-area';

/** Another user's profile page: the user and their public playlists, 20 per page. */
export const userArea = createDetailArea<UserProfile, Record<string, never>, { playlists: Playlist }>({
  load: getUser,
  lists: { playlists: { limit: 20, load: (id, _user, offset, limit) => getUserPlaylists(id, offset, limit) } },
  libraryKind: 'user',
});

/** The user area's state; `unavailable` in development mode, where other users' profiles are gone. */
export const $user = userArea.$state;
/** The user's public playlists. */
export const userPlaylists = userArea.lists.playlists;

userArea.bindRoutes(['user'], 'userId');
