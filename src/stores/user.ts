import { map, onMount } from 'nanostores';
import { isCanceled, isUnavailable } from '../api/errors';
import { isInLibrary } from '../api/library';
import type { Playlist, UserProfile } from '../api/types';
import { getUser, getUserPlaylists } from '../api/users';
import { createTicket, emptyDetail, flipInLibrary, loadingDetail, logUnlessCanceled, type DetailState } from './detail';
import { createPagedList } from './paged-list';
import { onRoute } from './route';
import { withTopLoading } from './ui';

export interface UserState extends DetailState<UserProfile> {
  isFollowed: boolean;
  following: boolean;
  /** Development mode: another user's profile is not available to this app (DESIGN §2). */
  unavailable: boolean;
}

const initial = (): UserState => ({ ...emptyDetail<UserProfile>(), isFollowed: false, following: false, unavailable: false });

/** Another user's profile page. */
export const $user = map<UserState>(initial());

let userId = '';
const ticket = createTicket();

/** The user's public playlists, 20 per page. */
export const userPlaylists = createPagedList<Playlist>((offset, limit) => getUserPlaylists(userId, offset, limit), 20);

/** Empties the user area. */
export function resetUser(): void {
  ticket.next();
  $user.set(initial());
  userPlaylists.reset();
}

/** Loads a user: data, then follow state and public playlists. */
export async function loadUser(id: string): Promise<void> {
  resetUser();
  const mine = ticket.next();
  userId = id;
  $user.set({ ...initial(), ...loadingDetail<UserProfile>() });
  try {
    const user = await withTopLoading(getUser(id));
    if (!ticket.isCurrent(mine)) return;
    $user.set({ ...$user.get(), loading: false, data: user });
  } catch (error) {
    if (!ticket.isCurrent(mine) || isCanceled(error)) return;
    if (isUnavailable(error)) $user.set({ ...$user.get(), loading: false, unavailable: true });
    else $user.set({ ...$user.get(), loading: false, error });
    return;
  }
  await Promise.all([
    isInLibrary('user', id)
      .then((followed) => ticket.isCurrent(mine) && $user.setKey('isFollowed', followed))
      .catch((error: unknown) => logUnlessCanceled('Could not check the followed user', error)),
    userPlaylists.loadFirstPage(),
  ]);
}

/** Follows or unfollows the user: sends the negation of the current value; flips only on 200/204. */
export async function toggleFollowUser(): Promise<void> {
  const { data, isFollowed, following } = $user.get();
  if (!data || following) return;
  $user.setKey('following', true);
  try {
    const followed = await flipInLibrary('user', data.id, isFollowed);
    if ($user.get().data?.id === data.id) $user.setKey('isFollowed', followed);
  } catch (error) {
    logUnlessCanceled('Could not change the followed user', error);
  } finally {
    $user.setKey('following', false);
  }
}

// Another user's page loads itself on entry and resets on exit.
onMount($user, () => onRoute(['user'], (route) => void loadUser(route.params.userId ?? ''), resetUser));
