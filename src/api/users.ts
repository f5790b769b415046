import { callApi } from './client';
import { ApiError } from './errors';
import { toPage, toPlaylist, toUserProfile } from './normalize';
import type { Page, Playlist, UserProfile } from './types';

/** GET users/{id}: another user's profile; gone in development mode. */
export async function getUser(id: string): Promise<UserProfile> {
  const user = toUserProfile(
    await callApi({ path: `users/${encodeURIComponent(id)}`, name: 'user', capability: 'otherUsers' }),
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
  });
  return toPage(body, toPlaylist);
}
