import { callApi } from './client';
import { ApiError } from './errors';
import { record, text, toPage, toPlaylist, toUserProfile } from './normalize';
import type { Page, Playlist, UserProfile } from './types';

// The probe's own refusals are its answer, not a reason to sign out or toast.
const PROBE_QUIET = [403, 404] as const;

/**
 * Asks users/{id} about the signed-in user, who certainly exists: whether a first
 * 404 from users/{id} means "no such user" or "endpoint gone" (errors.ts judgeCapabilityRefusal).
 */
async function probeOtherUsers(): Promise<unknown> {
  const me = text(record(await callApi({ path: 'me', quietStatuses: PROBE_QUIET })).id);
  if (!me) throw new ApiError('http', 'Profile Not Found', 404);
  return callApi({ path: `users/${encodeURIComponent(me)}`, quietStatuses: PROBE_QUIET });
}

/** GET users/{id}: another user's profile; gone in development mode. */
export async function getUser(id: string): Promise<UserProfile> {
  const user = toUserProfile(
    await callApi({ path: `users/${encodeURIComponent(id)}`, name: 'user', capability: 'otherUsers', probe: probeOtherUsers }),
  );
  if (!user) throw new ApiError('http', 'User Not Found', 404);
  return user;
}

/** GET users/{id}/playlists?limit=20&offset; gone in development mode. */
export async function getUserPlaylists(id: string, offset = 0, limit = 20): Promise<Page<Playlist>> {
  const body = await callApi({
    path: `users/${encodeURIComponent(id)}/playlists`,
    query: { limit, offset },
    name: 'user-playlists',
    capability: 'otherUsers',
    probe: probeOtherUsers,
  });
  return toPage(body, toPlaylist);
}
