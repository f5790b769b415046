import { NOT_FOUND } from '../lib/page-not-found';
import { callApi } from './client';
import { ApiError } from './errors';
import { list, record, text, toArtist, toPage, toTrack, toUserProfile } from './normalize';
import type { Artist, Page, RecentPlay, SavedTrack, Track, UserProfile } from './types';
import { ownId, type DetailPage, type DetailSeed } from './page-shapes';
import { SECTION_SIZE } from '../lib/see-all';

/** GET /me. Development mode leaves out email, product, country and followers (null here). */
export async function getMe(): Promise<UserProfile> {
  const profile = toUserProfile(await callApi({ path: 'me', name: 'me' }));
  if (!profile) throw new ApiError('http', NOT_FOUND.profile, 404);
  return profile;
}

/** GET /me/top/artists?time_range=short_term ("this month"). */
export async function getTopArtists(offset = 0, limit = 10): Promise<Page<Artist>> {
  const body = await callApi({ path: 'me/top/artists', query: { time_range: 'short_term', limit, offset }, name: 'top-artists' });
  return toPage(body, toArtist);
}

/** GET /me/top/tracks?time_range=short_term. */
export async function getTopTracks(offset = 0, limit = 10): Promise<Page<Track>> {
  const body = await callApi({ path: 'me/top/tracks', query: { time_range: 'short_term', limit, offset }, name: 'top-tracks' });
  return toPage(body, (item) => toTrack(item));
}

/** GET /me/following?type=artist&limit: artists.items (10 on the profile, 50 on the full list). */
export async function getFollowedArtists(limit = 10): Promise<Artist[]> {
  const body = await callApi({ path: 'me/following', query: { type: 'artist', limit }, name: 'followed-artists' });
  return list(record(record(body).artists).items)
    .map(toArtist)
    .filter((artist): artist is Artist => artist !== null);
}

/** SPEC §7: the full Your Following list asks 50 at once (the provider pages followed artists by cursor, not offset). */
export const FOLLOWING_FULL_LIST = 50;

/** Your Following in full, as the one page of a paged list. */
export async function getFollowingPage(): Promise<Page<Artist>> {
  const items = await getFollowedArtists(FOLLOWING_FULL_LIST);
  return { items, offset: 0, limit: Math.max(FOLLOWING_FULL_LIST, items.length), total: items.length };
}

/**
 * GET me/player/recently-played?limit (default 10; home asks 50); each play wraps its track,
 * beside the context it was played in (its uri is all the player needs to resume there).
 * `name` cancels an earlier call of that name (SPEC §4); null keeps this one apart.
 */
export async function getRecentlyPlayed(limit = 10, name: string | null = 'recently-played'): Promise<RecentPlay[]> {
  const body = await callApi({ path: 'me/player/recently-played', query: { limit }, name: name ?? undefined });
  return list(record(body).items).flatMap((item) => {
    const play = record(item);
    const track = toTrack(play.track);
    return track ? [{ track, playedAt: text(play.played_at) || null, contextUri: text(record(play.context).uri) || null }] : [];
  });
}

/** GET me/tracks: the liked songs, each wrapped under `track`. */
export async function getSavedTracks(offset = 0, limit = 20): Promise<Page<SavedTrack>> {
  const body = await callApi({ path: 'me/tracks', query: { limit, offset }, name: 'saved-tracks' });
  return toPage(body, (item) => {
    const track = toTrack(record(item).track);
    return track ? { track, addedAt: text(record(item).added_at) || null } : null;
  });
}

/**
 * /user/me: the profile (asked afresh: its follower count changes), Top artists and Top tracks
 * this month and Your Following, 10 each (SPEC §9); Your Following is followed by definition.
 */
export const myProfilePage: DetailPage<UserProfile, { topArtists: Artist; topTracks: Track; following: Artist }> = {
  load: () => getMe(),
  sections: {
    topArtists: { load: async () => (await getTopArtists(0, SECTION_SIZE)).items, library: { kind: 'artist', idOf: ownId } },
    topTracks: { load: async () => (await getTopTracks(0, SECTION_SIZE)).items, library: { kind: 'track', idOf: ownId } },
    following: { load: () => getFollowedArtists(SECTION_SIZE), library: { kind: 'artist', idOf: ownId, held: true } },
  },
};

/** What the server renders for /user/me (id 'me'). */
export type ProfileSeed = DetailSeed<typeof myProfilePage>;
