import { userPage } from '../api/users';
import { createDetailArea } from './detail-area';

/** Another user's profile page (`userPage`): the user and their public playlists, 20 per page. */
export const userArea = createDetailArea(userPage);

/** The user area's state; `unavailable` in development mode, where other users' profiles are gone. */
export const $user = userArea.$state;
/** The user's public playlists. */
export const userPlaylists = userArea.lists.playlists;

userArea.bindRoutes(['user'], 'userId');
