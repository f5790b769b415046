import { NOT_FOUND } from '../lib/page-not-found';
import { callApi, isCapabilityKnown, isCapabilityUsable } from './client';
import { ApiError, PROBE_QUIET_STATUSES } from './errors';
import { record, text, toPage, toPlaylist, toUserProfile } from './normalize';
import type { Page, Playlist, UserProfile } from './types';
import type { DetailPage, DetailSeed } from './page-shapes';

/** A user's public playlists, 20 per page. */
const USER_PLAYLISTS_PAGE = 20;

const userPath = (id: string) => `users/${encodeURIComponent(id)}`;

/**
 * Asks users/{id} about the signed-in user, who certainly exists: whether a first
 * 404 from users/{id} means "no such user" or "endpoint gone" (errors.ts judgeCapabilityRefusal).
 */
async function probeOtherUsers(): Promise<unknown> {
  // Not getMe(): its call is named 'me', and a probe must not cancel the profile's own.
  const me = text(record(await callApi({ path: 'me', quietStatuses: PROBE_QUIET_STATUSES })).id);
  if (!me) throw new ApiError('http', NOT_FOUND.profile, 404);
  return callApi({ path: userPath(me), quietStatuses: PROBE_QUIET_STATUSES });
}

/**
 * Whether other users' profiles are open to this app (DESIGN §2: gone in development mode), so
 * that an owner is drawn as a link only where it leads somewhere. Learnt once a session: while
 * the record does not know, users/{id} is asked about the signed-in user (`me`'s id), who
 * certainly exists, so that a 403 or 404 can only mean "gone" (no probe needed). Open unless
 * learnt gone: a question that failed otherwise teaches nothing, and the link stays as it was.
 */
export async function areOtherUsersOpen(me: string | null): Promise<boolean> {
  if (me && !(await isCapabilityKnown('otherUsers'))) {
    // Asked behind the user's back: a failure here is no toast (`unseen`).
    await callApi({ path: userPath(me), capability: 'otherUsers', unseen: true }).catch(() => undefined);
  }
  return isCapabilityUsable('otherUsers');
}

/** GET users/{id}: another user's profile; gone in development mode. */
export async function getUser(id: string): Promise<UserProfile> {
  const user = toUserProfile(await callApi({ path: userPath(id), name: 'user', capability: 'otherUsers', probe: probeOtherUsers }));
  if (!user) throw new ApiError('http', NOT_FOUND.user, 404);
  return user;
}

/** GET users/{id}/playlists?limit=20&offset; gone in development mode. */
export async function getUserPlaylists(id: string, offset = 0, limit = USER_PLAYLISTS_PAGE): Promise<Page<Playlist>> {
  const body = await callApi({
    path: `${userPath(id)}/playlists`,
    query: { limit, offset },
    name: 'user-playlists',
    capability: 'otherUsers',
    probe: probeOtherUsers,
  });
  return toPage(body, toPlaylist);
}

/** /user/{id}: another user (Follow) and their public playlists, 20 per page (gone in development mode, DESIGN §2). */
export const userPage: DetailPage<UserProfile, Record<string, never>, { playlists: Playlist }> = {
  load: getUser,
  library: 'user',
  lists: { playlists: { load: getUserPlaylists, limit: USER_PLAYLISTS_PAGE } },
};

/** What the server renders for /user/{id}. */
export type UserSeed = DetailSeed<typeof userPage>;
